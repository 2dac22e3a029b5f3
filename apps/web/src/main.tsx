// First: the contracts' validation messages need zod's English locale before anything parses.
import './lib/zod-locale';
import { lazy, startTransition, StrictMode, Suspense, useSyncExternalStore } from 'react';
import { createRoot } from 'react-dom/client';
import { MantineProvider } from '@mantine/core';
import './styles/login-route.css';
import './styles/global.css';
import { App } from './app/App';
import { cssVariablesResolver, theme } from './app/theme';
import { preloadLoginPageData } from './features/auth';
import { LoadingOverlay } from './components/LoadingOverlay';
import { authSession } from './lib/auth-session';
import { apiRequest } from './lib/http';
import { loadingState } from './lib/loading-state';
import { monitoringConnectionString } from './lib/monitoring-key';
import { toastStore } from './lib/toast';
import { startServiceWorker, watchUnrecoverable } from './pwa/service-worker';
import { useUpdateAvailable } from './pwa/update-state';

// Not first-screen code: each loads when first needed.
const ToastHost = lazy(() => import('./lib/toast-host'));
const UpdateDialog = lazy(() => import('./pwa/UpdateDialog'));

const hasToasts = () => toastStore.get().length > 0;

/**
 * App-wide UI outside the routes: the loading overlay, and (loaded on demand) the toasts and the
 * 'Update Available' dialog. The dialog's button needs a Mantine context of its own (the app's
 * provider wraps only the routes); the :root variables are the app's, so they are not added twice.
 */
function PlatformLayer() {
  const toasts = useSyncExternalStore(toastStore.subscribe, hasToasts);
  const updateAvailable = useUpdateAvailable();
  return (
    <>
      <LoadingOverlay />
      <Suspense fallback={null}>
        {toasts && <ToastHost />}
        {updateAvailable && (
          <MantineProvider
            theme={theme}
            cssVariablesResolver={cssVariablesResolver}
            withCssVariables={false}
            withGlobalClasses={false}
          >
            <UpdateDialog />
          </MantineProvider>
        )}
      </Suspense>
    </>
  );
}

declare global {
  interface Window {
    /** Set by end-to-end tests before the app starts (Playwright `addInitScript`); never in use otherwise. */
    __haspEnableTestHooks?: boolean;
    __haspTestHooks?: { apiRequest: typeof apiRequest; loadingState: typeof loadingState };
  }
}

/** The browser database library goes on `window.Dexie` after sign-in, never on the login route. */
function exposeDatabaseAfterSignIn(): void {
  let done = false;
  const check = () => {
    if (done || !authSession.getState().session) return;
    done = true;
    unsubscribe();
    void import('./offline-db').then((db) => db.exposeBrowserDatabaseLibrary());
  };
  const unsubscribe = authSession.subscribe(check);
  check();
}

// The login screen's data is asked for now, while React draws the first frame, not after it.
if (window.location.pathname === '/login') preloadLoginPageData();

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');
const reactRoot = createRoot(root);
// The first render as a transition: React draws it in short slices, so a phone's main thread is
// never blocked by one long task while the app starts.
startTransition(() =>
  reactRoot.render(
    <StrictMode>
      <App />
      <PlatformLayer />
    </StrictMode>,
  ),
);

if (window.__haspEnableTestHooks === true) window.__haspTestHooks = { apiRequest, loadingState };
watchUnrecoverable();
if (import.meta.env.PROD && 'serviceWorker' in navigator) startServiceWorker();
// Usage analytics only with a monitoring key; its code (and later the SDK, after the largest paint)
// loads only then.
const monitoringKey = monitoringConnectionString();
if (monitoringKey) {
  void import('./lib/monitoring').then((monitoring) => monitoring.startMonitoring({ connectionString: monitoringKey }));
}
exposeDatabaseAfterSignIn();
