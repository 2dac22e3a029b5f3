import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { applyUpdate } from './apply-update';
import {
  startServiceWorker,
  SW_INSTALL_RETRY_DELAYS_MS,
  SW_REGISTRATION_DELAY_MS,
  SW_UPDATE_INTERVAL_MS,
  watchUnrecoverable,
} from './service-worker';
import { updateState } from './update-state';

class FakeWorker extends EventTarget {
  state: ServiceWorkerState = 'installed';
  postMessage = vi.fn();
  setState(state: ServiceWorkerState) {
    this.state = state;
    this.dispatchEvent(new Event('statechange'));
  }
}

function fakeRegistration({ active = true, waiting = false } = {}) {
  const registration = Object.assign(new EventTarget(), {
    active: active ? new FakeWorker() : null,
    waiting: waiting ? new FakeWorker() : null,
    installing: null as FakeWorker | null,
    update: vi.fn(() => Promise.resolve()),
  });
  const container = Object.assign(new EventTarget(), {
    register: vi.fn(() => Promise.resolve(registration)),
  });
  return { registration, container: container as unknown as ServiceWorkerContainer, register: container.register };
}

const flush = () => vi.advanceTimersByTimeAsync(0);

describe('startServiceWorker', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    updateState.reset();
  });
  afterEach(() => vi.useRealTimers());

  it('registers once the app is stable, checks for a new version then and every 6 hours', async () => {
    const { registration, container, register } = fakeRegistration();
    let becomeStable!: () => void;
    const stable = () => new Promise<void>((resolve) => (becomeStable = resolve));
    const stop = startServiceWorker({ container, stable });
    await vi.advanceTimersByTimeAsync(5_000);
    expect(register).not.toHaveBeenCalled();
    becomeStable();
    await flush();
    expect(register).toHaveBeenCalledWith('/sw.js', { scope: '/' });
    expect(registration.update).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(SW_UPDATE_INTERVAL_MS - 1);
    expect(registration.update).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(registration.update).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(SW_UPDATE_INTERVAL_MS);
    expect(registration.update).toHaveBeenCalledTimes(3);
    stop();
    await vi.advanceTimersByTimeAsync(SW_UPDATE_INTERVAL_MS);
    expect(registration.update).toHaveBeenCalledTimes(3);
    expect(SW_UPDATE_INTERVAL_MS).toBe(21_600_000);
  });

  it('registers after 30000 ms at the latest when the app never becomes stable', async () => {
    const { container, register } = fakeRegistration();
    startServiceWorker({ container, stable: () => new Promise(() => {}) });
    await vi.advanceTimersByTimeAsync(SW_REGISTRATION_DELAY_MS - 1);
    expect(register).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(register).toHaveBeenCalledTimes(1);
    expect(SW_REGISTRATION_DELAY_MS).toBe(30_000);
  });

  it('does not check again right after a first installation', async () => {
    const { registration, container } = fakeRegistration({ active: false });
    startServiceWorker({ container, stable: () => Promise.resolve() });
    await flush();
    expect(registration.update).not.toHaveBeenCalled();
  });

  it('tries a failed first installation again, later each time, then stops; not when a version is running', async () => {
    const first = fakeRegistration({ active: false });
    const failing = () => {
      const worker = new FakeWorker();
      worker.state = 'installing';
      first.registration.installing = worker;
      return worker;
    };
    let worker = failing();
    startServiceWorker({ container: first.container, stable: () => Promise.resolve() });
    await flush();
    for (const delay of SW_INSTALL_RETRY_DELAYS_MS) {
      worker.setState('redundant');
      await vi.advanceTimersByTimeAsync(delay - 1);
      const before = first.registration.update.mock.calls.length;
      await vi.advanceTimersByTimeAsync(1);
      expect(first.registration.update).toHaveBeenCalledTimes(before + 1);
      worker = failing();
      first.registration.dispatchEvent(new Event('updatefound'));
    }
    const calls = first.registration.update.mock.calls.length;
    worker.setState('redundant');
    await vi.advanceTimersByTimeAsync(10 * 60_000);
    expect(first.registration.update.mock.calls.length - calls).toBe(0);

    const running = fakeRegistration();
    const newer = new FakeWorker();
    newer.state = 'installing';
    running.registration.installing = newer;
    startServiceWorker({ container: running.container, stable: () => Promise.resolve() });
    await flush();
    const checks = running.registration.update.mock.calls.length;
    newer.setState('redundant');
    await vi.advanceTimersByTimeAsync(SW_INSTALL_RETRY_DELAYS_MS[0]! + 1);
    expect(running.registration.update).toHaveBeenCalledTimes(checks);
  });

  it('offers a version that is waiting next to the running one, found at registration or later', async () => {
    const waitingAtStart = fakeRegistration({ waiting: true });
    startServiceWorker({ container: waitingAtStart.container, stable: () => Promise.resolve() });
    await flush();
    expect(updateState.registration()).toBe(waitingAtStart.registration);

    updateState.reset();
    const later = fakeRegistration();
    startServiceWorker({ container: later.container, stable: () => Promise.resolve() });
    await flush();
    expect(updateState.isAvailable()).toBe(false);
    const installing = new FakeWorker();
    installing.state = 'installing';
    later.registration.installing = installing;
    later.registration.dispatchEvent(new Event('updatefound'));
    later.registration.waiting = installing;
    installing.setState('installed');
    expect(updateState.registration()).toBe(later.registration);
  });

  it('logs a failed registration and carries on (the app works online without the worker)', async () => {
    const { container, register } = fakeRegistration();
    register.mockRejectedValueOnce(new Error('SecurityError'));
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    startServiceWorker({ container, stable: () => Promise.resolve() });
    await flush();
    expect(log).toHaveBeenCalledWith('Service worker registration failed', expect.any(Error));
  });
});

describe('applyUpdate', () => {
  const reload = vi.fn();
  beforeEach(() => {
    vi.stubGlobal('location', { ...window.location, reload });
    reload.mockClear();
  });

  it('tells the waiting worker to take over, then reloads once it controls the page', () => {
    const { registration } = fakeRegistration({ waiting: true });
    const waiting = registration.waiting!;
    const container = new EventTarget();
    Object.defineProperty(navigator, 'serviceWorker', { value: container, configurable: true });
    try {
      applyUpdate(registration as unknown as ServiceWorkerRegistration);
      expect(waiting.postMessage).toHaveBeenCalledWith({ type: 'SKIP_WAITING' });
      expect(reload).not.toHaveBeenCalled();
      container.dispatchEvent(new Event('controllerchange'));
      waiting.setState('activated');
      expect(reload).toHaveBeenCalledTimes(1);
    } finally {
      Reflect.deleteProperty(navigator, 'serviceWorker');
    }
  });

  it('only reloads when another tab already activated the new version', () => {
    const { registration } = fakeRegistration();
    applyUpdate(registration as unknown as ServiceWorkerRegistration);
    expect(reload).toHaveBeenCalledTimes(1);
  });
});

describe('watchUnrecoverable', () => {
  it('alerts once, with the reason, when the running version cannot load its own code', () => {
    const alert = vi.fn();
    watchUnrecoverable(alert);
    const event = Object.assign(new Event('vite:preloadError', { cancelable: true }), {
      payload: new Error('Failed to fetch dynamically imported module: /assets/MainLayout-abc.js'),
    });
    window.dispatchEvent(event);
    window.dispatchEvent(event);
    expect(alert).toHaveBeenCalledTimes(1);
    expect(alert).toHaveBeenCalledWith(
      'An error occurred that we cannot recover from:\nFailed to fetch dynamically imported module: /assets/MainLayout-abc.js\n\nPlease reload the page.',
    );
  });
});
