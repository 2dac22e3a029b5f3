import { setImmediate as nextTurn } from 'node:timers/promises';
import { apiErrorSchema } from '@hasp/contracts';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { percentile, sendLoad, type LoadResult } from './support/load';
import { createTestApp, type TestApp } from './test-app';

/** CPU each request of the test's route costs, synchronously: the server serves about 1000 / BUSY_MS a second. */
const BUSY_MS = 20;
const RETRY_AFTER_SEC = 2;
/** Far above any wait shedding allows: a request that needs it counts as never answered. */
const CLIENT_TIMEOUT_MS = 10_000;

/** Holds the event loop for `ms`, as a request's own synchronous work does. */
function busy(ms: number): void {
  const until = performance.now() + ms;
  while (performance.now() < until) {
    // Spinning on purpose.
  }
}

const busyRoute = (app: FastifyInstance) => {
  app.get('/test/busy', () => {
    busy(BUSY_MS);
    return { ok: true };
  });
};

const overloadEnv = (sampleMs: number) => ({
  // Twice BUSY_MS: a loop that serves one request after another stays under it, a queue does not.
  HASP_MAX_EVENT_LOOP_DELAY_MS: String(2 * BUSY_MS),
  HASP_OVERLOAD_SAMPLE_MS: String(sampleMs),
  HASP_OVERLOAD_RETRY_AFTER_SEC: String(RETRY_AFTER_SEC),
});

let t: TestApp;
let url: string;

beforeAll(async () => {
  t = await createTestApp({ env: overloadEnv(50), routes: busyRoute });
  url = `${await t.app.listen({ port: 0, host: '127.0.0.1' })}/test/busy`;
});

afterAll(async () => {
  await t?.close();
});

const figures = (results: LoadResult[]) => {
  const ms = (list: LoadResult[]) => list.map((r) => r.ms);
  const round = (value: number) => Math.round(value);
  const served = results.filter((r) => r.status === 200);
  const shed = results.filter((r) => r.status === 503);
  return {
    sent: results.length,
    ok200: served.length,
    shed503: shed.length,
    unanswered: results.filter((r) => r.status === 0).length,
    other: results.filter((r) => ![0, 200, 503].includes(r.status)).length,
    p50Ms: round(percentile(ms(results), 0.5)),
    p99Ms: round(percentile(ms(results), 0.99)),
    p99Of200Ms: round(percentile(ms(served), 0.99)),
    p99Of503Ms: round(percentile(ms(shed), 0.99)),
  };
};

describe('overload', () => {
  it('a bounded burst at twice capacity answers 503 with Retry-After for the excess and never times out', async () => {
    // Capacity, measured here: one request after another (the first ones warm the route up).
    await sendLoad({ url, count: 3, serial: true, timeoutMs: CLIENT_TIMEOUT_MS });
    const serial = await sendLoad({ url, count: 10, serial: true, timeoutMs: CLIENT_TIMEOUT_MS });
    const serviceMs = percentile(
      serial.filter((r) => r.status === 200).map((r) => r.ms),
      0.5,
    );
    expect(serviceMs, 'the serial run got no 200 to measure capacity by').toBeGreaterThan(0);
    const capacityPerSec = 1000 / serviceMs;

    // One second of requests at twice that rate, each leaving on time whatever the answers.
    const count = Math.ceil(2 * capacityPerSec);
    const burst = await sendLoad({ url, count, intervalMs: serviceMs / 2, timeoutMs: CLIENT_TIMEOUT_MS });

    const summary = figures(burst);
    console.log(
      `overload: capacity ${capacityPerSec.toFixed(1)}/s (${serviceMs.toFixed(1)} ms a request), ` +
        `burst ${count} at ${(2 * capacityPerSec).toFixed(1)}/s`,
      summary,
    );
    expect(summary.unanswered, 'requests with no answer (client timeout or connection error)').toBe(0);
    expect(summary.other, 'answers other than 200 and 503').toBe(0);
    expect(summary.ok200, 'requests served').toBeGreaterThan(0);
    expect(summary.shed503, 'requests refused at once instead of queued').toBeGreaterThan(0);
    for (const refused of burst.filter((r) => r.status === 503)) {
      expect(refused.retryAfter).toBe(String(RETRY_AFTER_SEC));
      const body = apiErrorSchema.parse(JSON.parse(refused.body));
      expect(body).toEqual({
        code: 'OVERLOADED',
        message: `The server is busy. Try again in ${RETRY_AFTER_SEC} s.`,
      });
    }
  });

  it('never sheds liveness or readiness: a busy server is neither restarted nor taken out of service for it', async () => {
    const slow = await createTestApp({ env: overloadEnv(300), routes: busyRoute });
    try {
      // Busy turns until the server sheds; liveness and readiness are asked in the same batch,
      // before the request that shows the shedding was on for them too.
      for (;;) {
        busy(100);
        await nextTurn();
        if (slow.app.memoryUsage().eventLoopDelay <= 2 * BUSY_MS) continue;
        const [live, ready, other] = await Promise.all([
          slow.app.inject({ method: 'GET', url: '/api/health' }),
          slow.app.inject({ method: 'GET', url: '/api/health/ready' }),
          slow.app.inject({ method: 'GET', url: '/test/busy' }),
        ]);
        if (other.statusCode !== 503) continue;
        expect(other.headers['retry-after']).toBe(String(RETRY_AFTER_SEC));
        expect(other.json()).toMatchObject({ code: 'OVERLOADED' });
        expect(live.statusCode).toBe(200);
        expect(ready.statusCode).toBe(200);
        expect(ready.json()).toMatchObject({ status: 'ok' });
        break;
      }
    } finally {
      await slow.close();
    }
  });
});
