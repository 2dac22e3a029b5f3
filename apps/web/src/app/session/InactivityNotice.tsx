import { useState } from 'react';
import { loginMessages } from '@hasp/contracts';
import { FormMessage } from '../../components/FormMessage';
import { clearInactivityNotice, hasInactivityNotice } from './inactivity-notice';
import classes from './InactivityNotice.module.css';

/**
 * The seed's persistent warning after an inactivity sign-out, above the login form. It stays
 * (across reloads of this tab) until dismissed or until the next sign-in. Kept tiny: it ships
 * with the login route, whose budget is 150 KB gzip.
 */
export function InactivityNotice() {
  const [shown, setShown] = useState(hasInactivityNotice);
  if (!shown) return null;
  return (
    <aside className={classes.notice} aria-label="Session notice">
      <div className={classes.inner}>
        <FormMessage tone="warning">{loginMessages.loggedOutInactivity}</FormMessage>
        <button
          type="button"
          className={classes.dismiss}
          onClick={() => {
            clearInactivityNotice();
            setShown(false);
          }}
        >
          Dismiss
        </button>
      </div>
    </aside>
  );
}
