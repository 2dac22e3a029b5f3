import { lazy, Suspense } from 'react';
import { Route, Routes } from 'react-router';
import { LoginPage } from '../features/auth';
import { ErrorBoundary } from '../components/ErrorBoundary';
import { PageLoader } from '../components/PageLoader';
import { RequireSession, SignedOutOnly } from './guards';

// The signed-in area loads on demand so the login screen stays small (its budget is 150 KB gzip).
const MainLayout = lazy(async () => ({ default: (await import('./layout/MainLayout')).MainLayout }));
const HomePage = lazy(async () => ({ default: (await import('./routes/HomePage')).HomePage }));

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
                <LoginPage />
              </SignedOutOnly>
            }
          />
          <Route
            path="/"
            element={
              <RequireSession>
                <MainLayout />
              </RequireSession>
            }
          >
            <Route index element={<HomePage />} />
            {/* Real routes arrive with the layout issue; until then every signed-in URL shows home. */}
            <Route path="*" element={<HomePage />} />
          </Route>
        </Routes>
      </Suspense>
    </ErrorBoundary>
  );
}
