import { useState } from 'react';
import { loginMessageCaptions, shellPages } from '@hasp/contracts';
import { useCaptions } from '../../lib/i18n';
import { FormMessage } from '../../components/FormMessage';
import { clearInactivityNotice, hasInactivityNotice } from '../../lib/inactivity-notice';
import classes from './InactivityNotice.module.css';

/**
 * The seed's persistent warning after an inactivity sign-out, above the login form. It stays
 * (across reloads of this tab) until dismissed or until the next sign-in. Kept tiny: it ships
 * with the login route, whose budget is 150 KB gzip.
 */
export function InactivityNotice() {
  const [shown, setShown] = useState(hasInactivityNotice);
  const t = useCaptions();
  if (!shown) return null;
  return (
    <aside className={classes.notice} aria-label={t(shellPages.sessionNotice)}>
      <div className={classes.inner}>
        <FormMessage tone="warning">{t(loginMessageCaptions.loggedOutInactivity)}</FormMessage>
        <button
          type="button"
          className={classes.dismiss}
          onClick={() => {
            clearInactivityNotice();
            setShown(false);
          }}
        >
          {t(shellPages.dismiss)}
        </button>
      </div>
    </aside>
  );
}
