import { Button } from '@mantine/core';
import { Link, useLocation } from 'react-router';
import { shellPages } from '@hasp/contracts';
import { useCaptions } from '../../lib/i18n';
import { Page } from '../../components/Page';

/** Any signed-in URL that is not a page. */
export function NotFoundPage() {
  const { pathname } = useLocation();
  const t = useCaptions();
  return (
    <Page title={t(shellPages.notFoundTitle)} lead={t(shellPages.notFoundLead, { path: pathname })}>
      <div>
        <Button component={Link} to="/">
          {t(shellPages.goHome)}
        </Button>
      </div>
    </Page>
  );
}
