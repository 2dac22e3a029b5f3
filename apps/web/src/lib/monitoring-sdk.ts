import { ApplicationInsights, type IConfig, type IConfiguration } from '@microsoft/applicationinsights-web';
import type { Monitor } from './monitoring';

/**
 * The seed's monitoring limits (section 9) as Application Insights settings. Four of its values are
 * fixed inside the SDK rather than settings, and hold as long as the SDK keeps them (a unit test
 * reads them from the SDK): the session-storage buffer of 2000 items, the retry backoff from 10 s to
 * 3600 s, the session cookie update interval of 60 s and the user cookie's one year.
 */
export function monitoringConfig(connectionString: string): IConfiguration & IConfig {
  return {
    connectionString,
    maxBatchSizeInBytes: 102_400,
    maxBatchInterval: 15_000,
    eventsLimitInMem: 10_000,
    // The storage buffer: unsent telemetry survives a reload (2000 items, the SDK's fixed size).
    enableSessionStorageBuffer: true,
    // Failed sends are retried with the SDK's backoff (10 s up to 3600 s).
    isRetryDisabled: false,
    maxAjaxCallsPerView: 500,
    sessionRenewalMs: 30 * 60 * 1000,
    sessionExpirationMs: 24 * 60 * 60 * 1000,
    idLength: 22,
    diagnosticLogInterval: 10_000,
    enableAutoRouteTracking: true,
    // The notification stream stays open for hours; it is not a dependency call worth timing.
    excludeRequestFromAutoTrackingPatterns: [/\/api\/notifications\/stream/],
  };
}

/** One Application Insights instance at a time: `start` creates it, `stop` unloads it (sending what it can). */
export function createMonitor(connectionString: string): Monitor {
  let instance: ApplicationInsights | null = null;
  return {
    start() {
      if (instance) return;
      instance = new ApplicationInsights({ config: monitoringConfig(connectionString) });
      instance.loadAppInsights();
      instance.trackPageView();
    },
    stop() {
      if (!instance) return;
      const current = instance;
      instance = null;
      void Promise.resolve(current.unload(true)).catch(() => undefined);
    },
  };
}
