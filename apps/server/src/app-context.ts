import type { ServerResponse } from 'node:http';
import type { onRequestAsyncHookHandler } from 'fastify';
import type { Config } from './config/config';
import type { ConnectionRegistry } from './db/connections';
import type { AccessTokens } from './modules/auth/access-token';
import type { AuthService } from './modules/auth/auth.service';
import type { NotificationHub } from './modules/notifications/notification-hub';
import type { JobRunner } from './platform/jobs';

/** What route modules are given: configuration, connections and the shared services. */
export interface AppContext {
  config: Config;
  registry: ConnectionRegistry;
  tokens: AccessTokens;
  auth: AuthService;
  requireAuth: onRequestAsyncHookHandler;
  version: string;
  notifications: NotificationHub;
  /** Open server-sent-event responses, ended when the server closes. */
  openStreams: Set<ServerResponse>;
  /** The job queue of each connection; null when this app was built without jobs (tests, tools). */
  jobs: JobRunner | null;
}
