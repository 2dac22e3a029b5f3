import type { ServerResponse } from 'node:http';
import type { onRequestAsyncHookHandler } from 'fastify';
import type { Config } from './config/config';
import type { ConnectionRegistry } from './db/connections';
import type { JobRunner } from './platform/jobs';
import type { Clock } from './platform/clock';
import type { EventBus } from './platform/events/event-bus';

/**
 * The services modules add to the context, each declared in its own module (`<module>.context.ts`
 * augments this interface): the context names no module, so a module's routes that take it close
 * no import cycle through it.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by the modules' declarations
export interface ModuleServices {}

/** What route modules are given: configuration, connections, the platform's and the modules' services. */
export interface AppContext extends ModuleServices {
  config: Config;
  registry: ConnectionRegistry;
  /** Business time: handlers read the request's `ctx.now`; work outside a request reads this. */
  clock: Clock;
  requireAuth: onRequestAsyncHookHandler;
  version: string;
  /** Domain events: consumers registered here hear committed events (runCommand delivers them). */
  events: EventBus;
  /** Open server-sent-event responses, ended when the server closes. */
  openStreams: Set<ServerResponse>;
  /** The job queue of each connection; null when this app was built without jobs (tests, tools). */
  jobs: JobRunner | null;
}
