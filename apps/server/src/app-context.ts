import type { ServerResponse } from 'node:http';
import type { onRequestAsyncHookHandler } from 'fastify';
import type { Config } from './config/config';
import type { ConnectionRegistry } from './db/connections';
import type { AuditCheckpoints } from './modules/audit';
import type { AccessTokens, AuthService } from './modules/auth';
import type { WebhookTargets } from './modules/connect';
import type { NotificationHub } from './modules/notifications';
import type { JobRunner } from './platform/jobs';
import type { Clock } from './platform/clock';
import type { EventBus } from './platform/events/event-bus';

/** What route modules are given: configuration, connections and the shared services. */
export interface AppContext {
  config: Config;
  registry: ConnectionRegistry;
  /** Business time: handlers read the request's `ctx.now`; work outside a request reads this. */
  clock: Clock;
  tokens: AccessTokens;
  auth: AuthService;
  requireAuth: onRequestAsyncHookHandler;
  version: string;
  notifications: NotificationHub;
  /** Domain events: consumers registered here hear committed events (runCommand delivers them). */
  events: EventBus;
  /** Open server-sent-event responses, ended when the server closes. */
  openStreams: Set<ServerResponse>;
  /** Each connection's audit checkpoints outside the database; null when this app keeps none (tests, tools). */
  auditCheckpoints: AuditCheckpoints | null;
  /** Where webhooks may go (public addresses, and the private ones HASP_CONNECT_ALLOW_PRIVATE_TARGETS lists). */
  webhookTargets: WebhookTargets;
  /** The job queue of each connection; null when this app was built without jobs (tests, tools). */
  jobs: JobRunner | null;
}
