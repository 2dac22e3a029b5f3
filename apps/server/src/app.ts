import { existsSync } from 'node:fs';
import path from 'node:path';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import {
  serializerCompiler,
  validatorCompiler,
  jsonSchemaTransform,
  jsonSchemaTransformObject,
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
import { systemClock, type Clock } from './platform/clock';
import { EventBus } from './platform/events/event-bus';
import { registerContextChangedConsumer, CONTEXT_CHANNEL } from './modules/permissions';
import { registerCompression } from './plugins/compression';
import { registerErrorHandling } from './plugins/errors';
import { registerInputGuard } from './plugins/input-guard';
import { registerLoadShedding } from './plugins/load-shedding';
import { registerSecurityHeaders } from './plugins/security-headers';
import { registerWebApp } from './plugins/web-app';
import { AuditCheckpoints, type AuditAnchorSettings } from './modules/audit';
import { AccessTokens, AuthService, authRoutes, expiredSessionsJob } from './modules/auth';
import { facilityRoutes } from './modules/facilities';
import { healthRoutes } from './modules/health';
import { loginRoutes } from './modules/login';
import { ssoRoutes, expiredSsoJob } from './modules/sso';
import { userLookupRoutes, userRoutes } from './modules/users';
import { navigationRoutes } from './modules/navigation';
import { DASHBOARD_CHANNEL, NotificationHub, notificationRoutes, NOTIFICATION_CHANNEL } from './modules/notifications';
import { sessionContextRoutes } from './modules/settings';
import { announcementRoutes } from './modules/announcements';
import { translationsRoutes } from './modules/translations';
import { profileRoutes } from './modules/profile';
import { adminSettingsRoutes } from './modules/admin-settings';
import { facilityProfileRoutes } from './modules/facility-profile';
import { userManageRoutes } from './modules/user-manage';
import { userManagementRoutes } from './modules/user-management';
import { groupManageRoutes } from './modules/group-manage';
import { securityListsRoutes } from './modules/security-lists';
import { numberingRoutes } from './modules/numbering';
import { tagReportLinkRoutes } from './modules/tag-report-links';
import { lockLabelRoutes, printListRoutes, printSettingsRoutes } from './modules/printing';
import { administratorRoutes } from './modules/administrator';
import { assetRoutes } from './modules/assets';
import { assetImportRoutes } from './modules/asset-import';
import { masterListRoutes } from './modules/master-lists';
import { permitTypesRoutes } from './modules/permit-types';
import {
  permitExpiringJob,
  lockOverdueJob,
  permitExpiryJob,
  permitIndexRoutes,
  permitRoutes,
  permitTypeInfoRoutes,
  composePermitLifecycle,
  registerPermitNotifications,
} from './modules/permits';
import { permitLifecycleParts } from './permit-lifecycle';
import { questionRoutes } from './modules/questions';
import { isolationPlanRoutes } from './modules/isolation-plan';
import { permitQuestionRoutes } from './modules/permit-questions';
import { hazardAnalysisRoutes } from './modules/hazard-analysis';
import { abandonedRemovalRoutes, registerAbandonedRemovalNotifications } from './modules/abandoned-removals';
import { lockRoutes, permitLockRoutes } from './modules/locks';
import { lockboxRoutes } from './modules/lockboxes';
import { gasTestsRoutes, registerGasTestNotifications, registerGasTestSuspension } from './modules/gas-tests';
import { tagRoutes, tagStatusRoutes } from './modules/tags';
import { attachmentRoutes } from './modules/attachments';
import { permitPdfRoutes } from './modules/permit-pdf';
import { registerSsoSigning, signatureRoutes } from './modules/signatures';
import { simopsRoutes } from './modules/simops';
import { syncRoutes } from './modules/sync';
import { offlineCopiesJob, offlineRoutes } from './modules/offline';
import { JobRunner, type JobRegistration, type JobsSettings } from './platform/jobs';
import { Mailer } from './modules/mail';
import {
  notificationMailJobs,
  notificationOptOutRoutes,
  notificationTemplateRoutes,
} from './modules/notification-templates';
import { reportJobs, reportRoutes } from './modules/reports';
import { dashboardRoutes } from './modules/dashboards';
import { myWorkRoutes } from './modules/my-work';
import { commandRecordsJob } from './platform/commands/purge-command-records.job';
import { useIdempotencySecretKey } from './platform/commands/idempotency.repository';
import {
  connectAdminRoutes,
  connectPermitRoutes,
  auditApiKeyCall,
  registerWebhookDeliveries,
  webhookDeliveryJob,
  WebhookTargets,
  type HostResolver,
  type WebhookTuning,
} from './modules/connect';

export interface BuildAppOptions {
  config: Config;
  registry: ConnectionRegistry;
  jwtSecret: string;
  version?: string;
  /** A pino logger; none in tests. */
  logger?: FastifyBaseLogger;
  /** Replaces the clock (tests move it: expiry and grace windows). */
  clock?: Clock;
  /** How often undelivered domain events are swept (ms); 0 turns the sweep off. Default 5 s. */
  eventSweepMs?: number;
  /** Called for every route registered (the authorization-matrix test reads the route table). */
  onRoute?: (route: { method: string; url: string }) => void;
  /**
   * Starts the job queue of every connection (server.ts does; tests and tools leave it off unless
   * they test jobs): the app's own jobs plus `registrations`, stopped when the app closes.
   */
  jobs?: { settings?: Partial<JobsSettings>; registrations?: JobRegistration[]; stopTimeoutMs?: number };
  /** Anchors each connection's audit trail in signed checkpoint files (server.ts does; tests that test it). */
  auditAnchor?: AuditAnchorSettings;
  /**
   * How webhook deliveries are tried (tests shorten the waits), and the resolver of their hosts
   * (tests make a name resolve to loopback without a network); see modules/connect.
   */
  webhooks?: Partial<WebhookTuning> & { resolve?: HostResolver };
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
  app.decorateRequest('ctx', null);
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
  // Before every other hook, so a refused request costs next to nothing (its headers only).
  await registerLoadShedding(app, config);
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
      components: {
        securitySchemes: {
          bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
          // Hasp Connect keys (docs/connect.md); `Authorization: Bearer hasp_…` works too.
          apiKey: { type: 'apiKey', in: 'header', name: 'X-Api-Key' },
        },
      },
    },
    transform: jsonSchemaTransform,
    // Schemas registered with an id (contracts' `Said`) become components the routes refer to.
    transformObject: jsonSchemaTransformObject,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });

  const tokens = new AccessTokens(options.jwtSecret, config.accessTokenTtlSec);
  useIdempotencySecretKey(options.jwtSecret);
  const clock = options.clock ?? systemClock;
  // One LISTEN client per connection for everything that must hear other processes' changes.
  const listeners = new ChangeListeners(
    [NOTIFICATION_CHANNEL, CONTEXT_CHANNEL, SESSION_CHANNEL, ACCESS_CHANNEL, DASHBOARD_CHANNEL],
    (message, error) => app.log.warn({ err: error }, message),
  );
  const accessCache = new AccessCache(listeners);
  app.decorate('accessCache', accessCache);
  const ctx: AppContext = {
    config,
    registry,
    tokens,
    clock,
    auth: new AuthService(registry, tokens, config, () => clock.now()),
    requireAuth: requireAuth(tokens, registry, clock, accessCache.sessionCheck),
    version: options.version ?? '0.0.0-dev',
    notifications: new NotificationHub(registry, listeners, (message, error) => app.log.warn({ err: error }, message)),
    openStreams: new Set(),
    webhookTargets: new WebhookTargets(config.connectAllowPrivateTargets, options.webhooks?.resolve),
    jobs: null,
    auditCheckpoints: null,
    events: new EventBus((message, error) => app.log.warn({ err: error }, message)),
  };
  registerContextChangedConsumer(ctx.events);
  // Notices by the facility's templates (notification-templates); e-mail when a relay is configured.
  const noticeChannels = { email: config.smtpUrl !== '', publicUrl: config.publicUrl };
  registerPermitNotifications(ctx.events, noticeChannels);
  // What refuses or signs a lifecycle command besides its own table, from one list (permit-lifecycle.ts).
  composePermitLifecycle(permitLifecycleParts);
  registerAbandonedRemovalNotifications(ctx.events, noticeChannels);
  // Out-of-limit gas readings notify the issuer and suspend an active permit.
  registerGasTestNotifications(ctx.events, noticeChannels);
  registerGasTestSuspension(ctx.events, () => ctx.clock.now());
  // A single sign-on user's signing comes back through the identity provider (decision 0059).
  registerSsoSigning(() => ctx.clock.now());
  // Hasp Connect: each event integrators asked for becomes a signed webhook delivery (decision 0077).
  registerWebhookDeliveries(ctx.events, (connection) => ctx.jobs?.for(connection) ?? null);
  // …and every call made with one of its API keys is audited as that key, reads included.
  app.addHook('onResponse', auditApiKeyCall);
  ctx.events.startSweeping(registry, options.eventSweepMs ?? 5000);
  // Long-lived streams would hold the server open: end them first, then stop listening.
  app.addHook('preClose', async () => {
    for (const stream of ctx.openStreams) stream.end();
    await ctx.events.stop();
    ctx.notifications.stop();
    await listeners.stop();
  });
  await app.register(
    async (api) => {
      // The API's answers only: the web app's files come precompressed from the build.
      await registerCompression(api);
      // Open to anyone, or checking a session per route (sign-in, the public tag page, what the login
      // screen reads before anyone signs in).
      for (const routes of [
        healthRoutes,
        loginRoutes,
        ssoRoutes,
        authRoutes,
        facilityRoutes,
        userRoutes,
        userLookupRoutes,
        sessionContextRoutes,
        navigationRoutes,
        translationsRoutes,
        permitTypeInfoRoutes,
        tagStatusRoutes,
      ]) {
        await api.register(routes, ctx);
      }
      // Everything else needs a signed-in session (or a Hasp Connect key on the routes that take one):
      // checked once here, before any route of these modules runs.
      await api.register(async (signedIn) => {
        signedIn.addHook('onRequest', ctx.requireAuth);
        for (const routes of [
          notificationRoutes,
          announcementRoutes,
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
          permitRoutes,
          permitIndexRoutes,
          questionRoutes,
          isolationPlanRoutes,
          permitQuestionRoutes,
          hazardAnalysisRoutes,
          abandonedRemovalRoutes,
          lockRoutes,
          lockLabelRoutes,
          permitLockRoutes,
          lockboxRoutes,
          tagRoutes,
          printSettingsRoutes,
          printListRoutes,
          attachmentRoutes,
          permitPdfRoutes,
          gasTestsRoutes,
          signatureRoutes,
          simopsRoutes,
          syncRoutes,
          offlineRoutes,
          reportRoutes,
          notificationTemplateRoutes,
          notificationOptOutRoutes,
          dashboardRoutes,
          myWorkRoutes,
          connectAdminRoutes,
          connectPermitRoutes,
        ]) {
          await signedIn.register(routes, ctx);
        }
      });
    },
    { prefix: '/api' },
  );

  if (webRoot) await registerWebApp(app, webRoot);
  if (options.auditAnchor) {
    const checkpoints = new AuditCheckpoints(registry, clock, options.auditAnchor, (message, error) =>
      app.log.error({ err: error }, message),
    );
    ctx.auditCheckpoints = checkpoints;
    checkpoints.start();
    // After the last request: the rows it wrote are anchored too.
    app.addHook('onClose', () => checkpoints.stop());
  }
  if (options.jobs) {
    const now = () => clock.now();
    // One e-mail sender per process (HASP_SMTP_URL); the reports' and notifications' jobs send through it.
    const mailer = new Mailer(config);
    app.addHook('onClose', () => mailer.close());
    ctx.jobs = await JobRunner.start(
      registry,
      [
        expiredSessionsJob(now),
        expiredSsoJob(now),
        commandRecordsJob(now),
        permitExpiryJob(now, ctx.events),
        permitExpiringJob(now, ctx.events),
        lockOverdueJob(now, ctx.events),
        reportJobs(now, mailer),
        notificationMailJobs(now, mailer),
        webhookDeliveryJob(now, ctx.events, ctx.webhookTargets, options.webhooks),
        offlineCopiesJob(now),
        ...(options.jobs.registrations ?? []),
      ],
      {
        ...(options.jobs.settings ? { settings: options.jobs.settings } : {}),
        ...(options.jobs.stopTimeoutMs ? { stopTimeoutMs: options.jobs.stopTimeoutMs } : {}),
        onError: (message, error) => app.log.error({ err: error }, message),
      },
    );
    // After the server stopped taking requests; running jobs may finish (up to the stop timeout).
    app.addHook('onClose', async () => {
      await ctx.jobs?.stop();
    });
  }
  return app;
}

/** Folder of the built single-page app, or null when it has not been built. */
function webAppRoot(webDist: string): string | null {
  const root = path.resolve(webDist || path.join(import.meta.dirname, '../../web/dist'));
  return existsSync(path.join(root, 'index.html')) ? root : null;
}
