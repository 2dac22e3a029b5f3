import { existsSync } from 'node:fs';
import path from 'node:path';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import {
  serializerCompiler,
  validatorCompiler,
  jsonSchemaTransform,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { Config } from './config/config';
import type { ConnectionRegistry } from './db/connections';
import type { AppContext } from './app-context';
import { AppError } from './plugins/app-error';
import { ChangeListeners } from './db/change-listener';
import { ACCESS_CHANNEL, AccessCache, SESSION_CHANNEL } from './plugins/access-cache';
import { requireAuth } from './plugins/auth';
import { registerErrorHandling } from './plugins/errors';
import { registerInputGuard } from './plugins/input-guard';
import { registerSecurityHeaders } from './plugins/security-headers';
import { registerWebApp } from './plugins/web-app';
import { AccessTokens } from './modules/auth/access-token';
import { AuthService } from './modules/auth/auth.service';
import { authRoutes } from './modules/auth/auth.routes';
import { facilityRoutes } from './modules/facilities/facility.routes';
import { healthRoutes } from './modules/health/health.routes';
import { loginRoutes } from './modules/login/login.routes';
import { ssoRoutes } from './modules/sso/sso.routes';
import { userRoutes } from './modules/users/user.routes';
import { navigationRoutes } from './modules/navigation/navigation.routes';
import { NOTIFICATION_CHANNEL, NotificationHub } from './modules/notifications/notification-hub';
import { CONTEXT_CHANNEL } from './modules/permissions/context-changed';
import { notificationRoutes } from './modules/notifications/notification.routes';
import { sessionContextRoutes } from './modules/settings/session-context.routes';
import { announcementRoutes } from './modules/announcements/announcement.routes';
import { i18nRoutes } from './modules/i18n/i18n.routes';
import { profileRoutes } from './modules/profile/profile.routes';
import { adminSettingsRoutes } from './modules/admin-settings/admin-settings.routes';
import { facilityProfileRoutes } from './modules/facility-profile/facility-profile.routes';
import { userManageRoutes } from './modules/user-manage/user-manage.routes';
import { userManagementRoutes } from './modules/user-management/user-management.routes';
import { groupManageRoutes } from './modules/group-manage/group-manage.routes';
import { securityListsRoutes } from './modules/security-lists/security-lists.routes';
import { numberingRoutes } from './modules/numbering/numbering.routes';
import { tagReportLinkRoutes } from './modules/tag-report-links/tag-report-links.routes';
import { administratorRoutes } from './modules/administrator/administrator.routes';
import { assetRoutes } from './modules/assets/asset.routes';
import { assetImportRoutes } from './modules/asset-import/import.routes';
import { masterListRoutes } from './modules/master-lists/master-list.routes';
import { permitTypesRoutes } from './modules/permit-types/permit-types.routes';
import { questionRoutes } from './modules/questions/questions.routes';

export interface BuildAppOptions {
  config: Config;
  registry: ConnectionRegistry;
  jwtSecret: string;
  version?: string;
  /** A pino logger; none in tests. */
  logger?: FastifyBaseLogger;
  /** Replaces the clock (tests of expiry and grace windows). */
  now?: () => Date;
  /** Called for every route registered (the authorization-matrix test reads the route table). */
  onRoute?: (route: { method: string; url: string }) => void;
}

/** Builds the whole server (API, docs and web app) without listening, so tests can inject requests. */
export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { config, registry } = options;
  const app = Fastify({
    ...(options.logger ? { loggerInstance: options.logger } : { logger: false }),
    // X-Forwarded-For/-Proto/-Host count only from the configured proxies (HASP_TRUST_PROXY): then
    // request.ip (rate limits, audit) is the real client and request.protocol says whether TLS was used.
    trustProxy: config.trustProxy.length > 0 ? config.trustProxy : false,
    bodyLimit: 1024 * 1024,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorateRequest('auth', null);
  const { onRoute } = options;
  if (onRoute) {
    app.addHook('onRoute', (route) => {
      for (const method of [route.method].flat()) onRoute({ method, url: route.url });
    });
  }
  // JSON only: a cross-site HTML form can send text/plain without a preflight, never JSON.
  app.removeContentTypeParser('text/plain');
  const webRoot = webAppRoot(config.webDist);
  registerErrorHandling(app, webRoot !== null);

  registerSecurityHeaders(app);
  registerInputGuard(app);
  await app.register(rateLimit, {
    global: false,
    errorResponseBuilder: (_request, context) =>
      new AppError(
        'RATE_LIMITED',
        429,
        `Too many requests. Try again in ${Math.ceil(context.ttl / 1000)} s.`,
        undefined,
        {
          'retry-after': String(Math.ceil(context.ttl / 1000)),
        },
      ),
  });
  await app.register(swagger, {
    openapi: {
      info: { title: 'Hasp API', version: '1', description: 'Lockout/tagout permits and facility safety' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });

  const tokens = new AccessTokens(options.jwtSecret, config.accessTokenTtlSec);
  // One LISTEN client per connection for everything that must hear other processes' changes.
  const listeners = new ChangeListeners(
    [NOTIFICATION_CHANNEL, CONTEXT_CHANNEL, SESSION_CHANNEL, ACCESS_CHANNEL],
    (message, error) => app.log.warn({ err: error }, message),
  );
  const accessCache = new AccessCache(listeners);
  app.decorate('accessCache', accessCache);
  const ctx: AppContext = {
    config,
    registry,
    tokens,
    auth: new AuthService(registry, tokens, config, options.now),
    requireAuth: requireAuth(tokens, registry, accessCache.sessionCheck),
    version: options.version ?? '0.0.0-dev',
    notifications: new NotificationHub(registry, listeners, (message, error) => app.log.warn({ err: error }, message)),
    openStreams: new Set(),
  };
  // Long-lived streams would hold the server open: end them first, then stop listening.
  app.addHook('preClose', async () => {
    for (const stream of ctx.openStreams) stream.end();
    ctx.notifications.stop();
    await listeners.stop();
  });
  await app.register(
    async (api) => {
      for (const routes of [
        healthRoutes,
        loginRoutes,
        ssoRoutes,
        authRoutes,
        facilityRoutes,
        userRoutes,
        sessionContextRoutes,
        navigationRoutes,
        notificationRoutes,
        announcementRoutes,
        i18nRoutes,
        profileRoutes,
        adminSettingsRoutes,
        facilityProfileRoutes,
        userManageRoutes,
        userManagementRoutes,
        groupManageRoutes,
        securityListsRoutes,
        numberingRoutes,
        tagReportLinkRoutes,
        administratorRoutes,
        assetRoutes,
        assetImportRoutes,
        masterListRoutes,
        permitTypesRoutes,
        questionRoutes,
      ]) {
        await api.register(routes, ctx);
      }
    },
    { prefix: '/api' },
  );

  if (webRoot) await registerWebApp(app, webRoot);
  return app;
}

/** Folder of the built single-page app, or null when it has not been built. */
function webAppRoot(webDist: string): string | null {
  const root = path.resolve(webDist || path.join(import.meta.dirname, '../../web/dist'));
  return existsSync(path.join(root, 'index.html')) ? root : null;
}
