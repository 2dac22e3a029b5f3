import { Suspense } from 'react';
import { Route, Routes } from 'react-router';
import { LoginPage, prepareBeforeSignIn } from '../features/auth';
import { lazyPage } from '../lib/code-loading';
import { ErrorBoundary } from '../components/ErrorBoundary';
import { PageLoader } from '../components/PageLoader';
import { RequireSession, SignedOutOnly } from './guards';
import { afterFirstPage } from '../lib/first-page';
import { InactivityNotice } from './session/InactivityNotice';
import { authSession } from '../lib/auth-session';

// The signed-in area (layout, navigation and every route table entry behind sign-in) loads on
// demand so the login screen stays small: its budget is 150 KB gzip.
// The public page of a tag's QR code: no sign-in, outside the signed-in shell, loaded on demand.
// Its own module, not the tags barrel: the barrel brings the permit page's Tags section with it.
const TagStatusPage = lazyPage(async () => ({
  default: (await import('../features/tags/components/TagStatusPage')).TagStatusPage,
}));
const loadSignedInRoutes = () => import('./signed-in/SignedInRoutes');
const SignedInRoutes = lazyPage(async () => ({ default: (await loadSignedInRoutes()).SignedInRoutes }));

// A sign-in sends its request only once the signed-in shell and what it shows offline are on the
// device (loaded from the user's first touch of the form): the network may go as the session starts.
prepareBeforeSignIn(() =>
  Promise.all([loadSignedInRoutes(), import('./signed-in/pages').then((pages) => pages.loadSignedInEssentials())]),
);

// A session that starts without the form (a reload, the return from the identity provider): what
// the signed-in app shows offline loads as soon as the first page has drawn (3 s at the latest), not
// beside it, where on a slow network it held back the first screen's own code by seconds. A sign-in
// through the form has it already (above). The rest of the offline code waits for the first
// screen's data (MainLayout).
authSession.subscribe(() => {
  if (!authSession.getState().session) return;
  void afterFirstPage()
    .then(() => import('./signed-in/pages'))
    .then((pages) => pages.loadSignedInEssentials());
});

/**
 * The routes. Declarative mode on purpose: the data router adds about 16 KB gzip to every page
 * and the guards need nothing it offers.
 */
export function AppRoutes() {
  return (
    <ErrorBoundary>
      <Suspense fallback={<PageLoader />}>
        <Routes>
          <Route
            path="/login"
            element={
              <SignedOutOnly>
                <InactivityNotice />
                <LoginPage />
              </SignedOutOnly>
            }
          />
          <Route path="/t/:token" element={<TagStatusPage />} />
          <Route
            path="/*"
            element={
              <RequireSession>
                <SignedInRoutes />
              </RequireSession>
            }
          />
        </Routes>
      </Suspense>
    </ErrorBoundary>
  );
}
