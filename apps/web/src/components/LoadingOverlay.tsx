import { shellPages } from '@hasp/contracts';
import { useCaptions } from '../lib/i18n';
import { useLoading } from '../lib/loading-state';
import classes from './LoadingOverlay.module.css';

/**
 * The seed's full-screen 'Loading...' overlay with animated boxes, shown while the global loading
 * flag is on. The polite live region is always in the page, so screen readers announce the text when
 * it appears. (A live region without the `status` role: the screens' own status messages, such as
 * 'Signing in…', stay the page's one status.)
 */
export function LoadingOverlay() {
  const loading = useLoading();
  const t = useCaptions();
  return (
    <div aria-live="polite" aria-atomic="true" className={classes.region} data-testid="loading-announcer">
      {loading && (
        <div className={classes.overlay} data-testid="loading-overlay">
          <div className={classes.boxes} aria-hidden="true">
            <span />
            <span />
            <span />
            <span />
          </div>
          <p className={classes.label}>{t(shellPages.loadingOverlay)}</p>
        </div>
      )}
    </div>
  );
}
