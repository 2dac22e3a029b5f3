import type { ServerResponse } from 'node:http';
import type { onRequestAsyncHookHandler } from 'fastify';
import type { Config } from './config/config';
import type { ConnectionRegistry } from './db/connections';
import type { AccessTokens, AuthService } from './modules/auth';
import type { NotificationHub } from './modules/notifications';

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
}
