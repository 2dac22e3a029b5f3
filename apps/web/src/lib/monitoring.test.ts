import { describe, expect, it, vi } from 'vitest';
import { monitoringConnectionString } from './monitoring-key';
import { startMonitoring, type Monitor } from './monitoring';

const sdkLoaded = vi.hoisted(() => ({ value: false }));
// If anything imported the SDK, this factory would run.
vi.mock('@microsoft/applicationinsights-web', () => {
  sdkLoaded.value = true;
  return {};
});

function fakeNetwork(online = true) {
  const listeners = new Set<() => void>();
  return {
    isOnline: () => online,
    subscribe: (listener: () => void) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    set(next: boolean) {
      online = next;
      for (const listener of listeners) listener();
    },
  };
}

function fakeSdk() {
  const start = vi.fn();
  const stop = vi.fn();
  const monitor: Monitor = { start, stop };
  const load = vi.fn(() => Promise.resolve({ createMonitor: vi.fn(() => monitor) }));
  return { monitor: { start, stop }, load };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('monitoringConnectionString', () => {
  it('takes the page meta first, then the build setting, else none', () => {
    const doc = document.implementation.createHTMLDocument();
    expect(monitoringConnectionString(doc, undefined)).toBeNull();
    expect(monitoringConnectionString(doc, '  ')).toBeNull();
    expect(monitoringConnectionString(doc, 'InstrumentationKey=build')).toBe('InstrumentationKey=build');
    doc.head.innerHTML = '<meta name="hasp-monitoring" content="InstrumentationKey=page">';
    expect(monitoringConnectionString(doc, 'InstrumentationKey=build')).toBe('InstrumentationKey=page');
  });
});

describe('startMonitoring', () => {
  it('loads nothing at all without a key (P12)', async () => {
    const { load } = fakeSdk();
    const afterPaint = vi.fn(() => Promise.resolve());
    startMonitoring({ connectionString: null, load, afterPaint, network: fakeNetwork() });
    await settle();
    expect(afterPaint).not.toHaveBeenCalled();
    expect(load).not.toHaveBeenCalled();
    // The default loader was never used either: importing this module did not import the SDK.
    startMonitoring({ connectionString: null });
    await settle();
    expect(sdkLoaded.value).toBe(false);
  });

  it('loads the SDK only after the largest paint (P12), and starts it while online', async () => {
    const { monitor, load } = fakeSdk();
    let painted!: () => void;
    const afterPaint = () => new Promise<void>((resolve) => (painted = resolve));
    startMonitoring({ connectionString: 'InstrumentationKey=x', load, afterPaint, network: fakeNetwork() });
    await settle();
    expect(load).not.toHaveBeenCalled();
    painted();
    await settle();
    expect(load).toHaveBeenCalledTimes(1);
    expect(monitor.start).toHaveBeenCalledTimes(1);
  });

  it('stops while offline and starts again online; an offline start waits for the network', async () => {
    const { monitor, load } = fakeSdk();
    const network = fakeNetwork(false);
    const stop = startMonitoring({
      connectionString: 'InstrumentationKey=x',
      load,
      afterPaint: () => Promise.resolve(),
      network,
    });
    await settle();
    expect(load).not.toHaveBeenCalled();
    network.set(true);
    await settle();
    expect(monitor.start).toHaveBeenCalledTimes(1);
    network.set(false);
    await settle();
    expect(monitor.stop).toHaveBeenCalledTimes(1);
    network.set(true);
    await settle();
    expect(monitor.start).toHaveBeenCalledTimes(2);
    expect(load).toHaveBeenCalledTimes(1);
    stop();
    await settle();
    expect(monitor.stop).toHaveBeenCalledTimes(2);
    network.set(true);
    await settle();
    expect(monitor.start).toHaveBeenCalledTimes(2);
  });
});
