import underPressure from '@fastify/under-pressure';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config/config';
import { AppError } from './app-error';

/**
 * Never shed: liveness must not tell an orchestrator to restart a server that is only busy (a
 * restart drops every request in flight and comes back cold), and readiness says whether the
 * databases answer; a busy instance is told per request (decision 0091-load-shedding).
 */
const NEVER_SHED = new Set(['/api/health', '/api/health/ready']);

/** At most one warning a period while shedding: a log line per refused request would add load. */
const WARN_EVERY_MS = 10_000;

/**
 * Load shedding: while the event loop's mean delay over the last sample (or its utilization, when
 * configured) is past its bound, a request answers 503 OVERLOADED with Retry-After at once, before
 * any other work, instead of joining a queue whose wait grows without bound. Such a request was not
 * run, so a client may send it again after the wait. Off when both bounds are 0.
 */
export async function registerLoadShedding(app: FastifyInstance, config: Config): Promise<void> {
  const { maxEventLoopDelayMs, maxEventLoopUtilization, overloadSampleMs, overloadRetryAfterSec } = config;
  if (maxEventLoopDelayMs === 0 && maxEventLoopUtilization === 0) return;
  const overloaded = new AppError(
    'OVERLOADED',
    503,
    `The server is busy. Try again in ${overloadRetryAfterSec} s.`,
    undefined,
    { 'retry-after': String(overloadRetryAfterSec) },
  );
  let warnedAt = 0;
  // The first sample after start-up measures the start itself (route compilation blocks the loop),
  // not load: requests are shed only once a sample taken wholly after the app was ready says so.
  let shedFrom = Number.POSITIVE_INFINITY;
  app.addHook('onReady', async () => {
    shedFrom = performance.now() + 2 * overloadSampleMs;
  });
  await app.register(underPressure, {
    maxEventLoopDelay: maxEventLoopDelayMs,
    maxEventLoopUtilization,
    // The plugin's default is since start, which a busy minute after a quiet day never moves.
    eventLoopUtilizationMode: 'interval',
    sampleInterval: overloadSampleMs,
    // Rejecting sends the error through the app's error handler: the one error shape and the header.
    pressureHandler: async (request, _reply, type, value) => {
      if (NEVER_SHED.has(request.routeOptions.url ?? '') || performance.now() < shedFrom) return;
      const now = Date.now();
      if (now - warnedAt >= WARN_EVERY_MS) {
        warnedAt = now;
        request.log.warn(
          { type, value, maxEventLoopDelayMs, maxEventLoopUtilization },
          'shedding load: answering 503 with Retry-After',
        );
      }
      throw overloaded;
    },
  });
}
