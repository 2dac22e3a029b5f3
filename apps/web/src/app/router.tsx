import { Suspense } from 'react';
import { Route, Routes } from 'react-router';
import { LoginPage, prepareBeforeSignIn } from '../features/auth';
import { lazyPage } from '../lib/code-loading';
import { ErrorBoundary } from '../components/ErrorBoundary';
import { PageLoader } from '../components/PageLoader';
import { RequireSession, SignedOutOnly } from './guards';
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

// The moment a session starts (a resumed one too), what the signed-in app shows offline starts
// loading beside the first screen: the network may go a second later. The rest of the offline code
// waits for the first screen (MainLayout).
authSession.subscribe(() => {
  if (authSession.getState().session) void import('./signed-in/pages').then((pages) => pages.loadSignedInEssentials());
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
