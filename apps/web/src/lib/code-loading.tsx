import {
  Component,
  lazy,
  type ComponentProps,
  type ComponentType,
  type ErrorInfo,
  type LazyExoticComponent,
  type ReactNode,
} from 'react';

/**
 * Whether an error is the browser failing to download a piece of the app's code (a page's chunk):
 * the network went, or a deploy replaced the file. Chromium, Firefox and Safari word it differently;
 * Vite's preload helper adds its own for a stylesheet.
 */
export function isCodeLoadError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  return /dynamically imported module|Importing a module script failed|Unable to preload CSS/i.test(error.message);
}

/**
 * A code download that fails when the network goes while it is under way: the browser may keep
 * such a request waiting for minutes (a lost signal is not a refused connection), and the page
 * would show its loader all that time instead of saying the page is not on this device yet.
 */
function untilOffline<T>(loading: Promise<T>): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const lost = () =>
      reject(new TypeError('Failed to fetch dynamically imported module: the network went while it loaded'));
    window.addEventListener('offline', lost, { once: true });
    loading.then(resolve, reject).finally(() => window.removeEventListener('offline', lost));
  });
}

/**
 * `React.lazy` that loads again after a failure: React's own keeps a failed load's error for good,
 * so a page whose code could not be fetched offline would stay broken after the network returned.
 * Here a failure leaves a fresh lazy component for the next render (an error boundary's retry).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- as React.lazy's own signature
export function lazyPage<T extends ComponentType<any>>(
  load: () => Promise<{ default: T }>,
): ComponentType<ComponentProps<T>> {
  const fresh = (): LazyExoticComponent<T> =>
    lazy(() =>
      untilOffline(load()).catch((error: unknown) => {
        current = fresh();
        throw error;
      }),
    );
  let current = fresh();
  function LazyPage(props: ComponentProps<T>) {
    const Page = current;
    return <Page {...props} />;
  }
  return LazyPage;
}

/**
 * An error boundary that tries its children again when the network returns after a code download
 * failed (lazyPage then fetches again); `render` is the subclass's, `retry()` its Try again.
 */
export abstract class CodeRetryingBoundary extends Component<{ children: ReactNode }, { error: unknown }> {
  override state = { error: null as unknown };

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error(error, info.componentStack);
  }

  override componentDidMount(): void {
    window.addEventListener('online', this.retryCode);
  }

  override componentWillUnmount(): void {
    window.removeEventListener('online', this.retryCode);
  }

  protected readonly retry = () => this.setState({ error: null });

  private readonly retryCode = () => {
    if (isCodeLoadError(this.state.error)) this.retry();
  };
}
