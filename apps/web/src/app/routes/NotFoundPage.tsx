import { Button } from '@mantine/core';
import { Link, useLocation } from 'react-router';
import { Page } from './Page';

/** Any signed-in URL that is not a page. */
export function NotFoundPage() {
  const { pathname } = useLocation();
  return (
    <Page
      title="Page not found"
      lead={
        <>
          There is no page at <code>{pathname}</code>. It may have moved, or the link may be mistyped.
        </>
      }
    >
      <div>
        <Button component={Link} to="/">
          Go to the home page
        </Button>
      </div>
    </Page>
  );
}
