import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as z from 'zod/mini';
import {
  apiErrorSchema,
  apiKeyCreateSchema,
  apiKeyListSchema,
  apiKeyRotateSchema,
  apiKeySchema,
  apiKeySecretSchema,
  idParamsSchema,
  permissionCatalogueSchema,
  rightNavPermission,
  webhookDeliveryListSchema,
  webhookDeliveryQuerySchema,
  webhookSubscriptionInputSchema,
  webhookSubscriptionListSchema,
  webhookSubscriptionSchema,
  webhookSubscriptionSecretSchema,
  webhookSubscriptionUpdateSchema,
} from '@hasp/contracts';
import type { AppContext } from '../../app-context';
import { commandErrorResponses, contextOf, sendCommand } from '../../platform';
import { apiKeyText, newApiKey, newKeySecret } from '../../plugins/api-key-auth';
import { AppError } from '../../plugins/app-error';
import { permissionsOf, requirePermission } from '../../plugins/permissions';
import { findFacilityPermissionCatalogue } from '../permissions';
import { listApiKeyRows, toApiKey } from './api-keys.repository';
import { createApiKey, revokeApiKey, rotateApiKey } from './api-keys.service';
import { listDeliveries, listSubscriptionRows, toSubscription } from './webhooks.repository';
import { newWebhookSecret } from './webhook-signature';
import { checkTarget, createSubscription, editSubscription, redeliver, sendTestEvent } from './webhooks.service';

const tags = ['connect'];
const security = [{ bearer: [] }];
const errors = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  403: apiErrorSchema,
  404: apiErrorSchema,
  409: apiErrorSchema,
};
const admin = requirePermission(rightNavPermission('connect'));

/**
 * An answer that shows a secret this once: no cache may keep it. A replay did not make this secret
 * (only its hash, or the row, keeps it, and the first send's answer was lost): say so rather than
 * hand over one that does not work.
 */
function showOnce(reply: FastifyReply, replayed: string) {
  void reply.header('cache-control', 'no-store');
  if (reply.getHeader('idempotent-replayed') === 'true') throw new AppError('CONFLICT', 409, replayed);
}

/**
 * Hasp Connect's administration (right-nav `connect`): the facility's API keys, webhook
 * subscriptions and their delivery log (decision 0077).
 */
export const connectAdminRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  app.addHook('preHandler', admin);
  const jobsOf = (request: FastifyRequest) => ctx.jobs?.for(contextOf(request).connection) ?? null;

  app.get(
    '/connect/keys',
    {
      schema: {
        tags,
        security,
        summary: "The facility's API keys (never their secrets), newest first",
        response: { 200: apiKeyListSchema, ...errors },
      },
    },
    async (request) => {
      const { connection, actor, now } = contextOf(request);
      return (await listApiKeyRows(connection.db, actor.facilityId)).map((row) => toApiKey(row, now));
    },
  );

  app.get(
    '/connect/keys/permissions',
    {
      schema: {
        tags,
        security,
        summary: 'The permissions a key made by the caller may hold: the catalogue, narrowed to what the caller holds',
        response: { 200: permissionCatalogueSchema, ...errors },
      },
    },
    async (request) => {
      const { connection, actor } = contextOf(request);
      const held = await permissionsOf(request);
      return (await findFacilityPermissionCatalogue(connection.db, actor.facilityId)).filter((p) =>
        held.has(p.permission),
      );
    },
  );

  app.post(
    '/connect/keys',
    {
      schema: {
        tags,
        security,
        summary:
          'Create an API key (audited api-key.create): permissions from the catalogue, never more than the caller ' +
          'holds (403), and an expiry. The answer shows the key this once; only its SHA-256 is kept.',
        body: apiKeyCreateSchema,
        response: { 201: apiKeySecretSchema, ...commandErrorResponses },
      },
    },
    async (request, reply) => {
      const { connection, actor } = contextOf(request);
      const made = newApiKey(connection.name);
      const key = await sendCommand(ctx.events, request, reply, createApiKey, {
        targetId: actor.facilityId,
        input: { ...request.body, lookupId: made.lookupId, secretHash: made.hash },
      });
      showOnce(
        reply,
        'This key was already created by this request; its text was shown only then. Rotate it to get a new one.',
      );
      return reply.code(201).send({ key, secret: made.secret });
    },
  );

  app.post(
    '/connect/keys/:id/rotate',
    {
      schema: {
        tags,
        security,
        summary:
          'A new secret for the key (shown this once); the old one keeps working for graceHours. If-Match: its version.',
        params: idParamsSchema,
        body: apiKeyRotateSchema,
        response: { 200: apiKeySecretSchema, ...commandErrorResponses },
      },
    },
    async (request, reply) => {
      const fresh = newKeySecret();
      const { key, lookupId } = await sendCommand(ctx.events, request, reply, rotateApiKey, {
        targetId: request.params.id,
        input: { graceHours: request.body.graceHours, secretHash: fresh.hash },
      });
      showOnce(
        reply,
        'This key was already rotated by this request; its new text was shown only then. Rotate it again to get a new one.',
      );
      return { key, secret: apiKeyText(contextOf(request).connection.name, lookupId, fresh.secret) };
    },
  );

  app.post(
    '/connect/keys/:id/revoke',
    {
      schema: {
        tags,
        security,
        summary: 'Revoke the key: its next call is refused (401). If-Match: its version.',
        params: idParamsSchema,
        response: { 200: apiKeySchema, ...commandErrorResponses },
      },
    },
    async (request, reply) =>
      sendCommand(ctx.events, request, reply, revokeApiKey, { targetId: request.params.id, input: null }),
  );

  app.get(
    '/connect/subscriptions',
    {
      schema: {
        tags,
        security,
        summary:
          "The facility's webhook subscriptions (never their secrets), and the private addresses the server lets webhooks reach",
        response: { 200: webhookSubscriptionListSchema, ...errors },
      },
    },
    async (request) => {
      const { connection, actor } = contextOf(request);
      return {
        subscriptions: (await listSubscriptionRows(connection.db, actor.facilityId)).map(toSubscription),
        allowedPrivateTargets: [...ctx.webhookTargets.allowedPrivate],
      };
    },
  );

  app.post(
    '/connect/subscriptions',
    {
      schema: {
        tags,
        security,
        summary:
          'Subscribe a URL to events (audited). A host that is not public (loopback, private, special) or does not ' +
          'resolve is refused (400 naming url) unless the server setting HASP_CONNECT_ALLOW_PRIVATE_TARGETS lists its ' +
          'address. The answer shows the signing secret this once.',
        body: webhookSubscriptionInputSchema,
        response: { 201: webhookSubscriptionSecretSchema, ...commandErrorResponses },
      },
    },
    async (request, reply) => {
      await checkTarget(ctx.webhookTargets, request.body.url);
      const secret = newWebhookSecret();
      const subscription = await sendCommand(ctx.events, request, reply, createSubscription, {
        targetId: contextOf(request).actor.facilityId,
        input: { ...request.body, secret },
      });
      showOnce(
        reply,
        'This subscription was already made by this request; its signing secret was shown only then. Switch it off and subscribe again to get a new one.',
      );
      return reply.code(201).send({ subscription, secret });
    },
  );

  app.put(
    '/connect/subscriptions/:id',
    {
      schema: {
        tags,
        security,
        summary: 'Change a subscription (its version in the body); switching it on again clears its failures',
        params: idParamsSchema,
        body: webhookSubscriptionUpdateSchema,
        response: { 200: webhookSubscriptionSchema, ...commandErrorResponses },
      },
    },
    async (request, reply) => {
      const { version, ...input } = request.body;
      await checkTarget(ctx.webhookTargets, input.url);
      return sendCommand(ctx.events, request, reply, editSubscription, {
        targetId: request.params.id,
        input,
        expectedVersion: version,
      });
    },
  );

  app.post(
    '/connect/subscriptions/:id/test',
    {
      schema: {
        tags,
        security,
        summary: 'Send the test event (connect.test) to the subscription; it shows in the delivery log',
        params: idParamsSchema,
        response: { 202: z.object({ deliveryId: z.int() }), ...errors },
      },
    },
    async (request, reply) => {
      const deliveryId = await sendTestEvent(
        contextOf(request).connection.db,
        contextOf(request),
        request.params.id,
        jobsOf(request),
      );
      return reply.code(202).send({ deliveryId });
    },
  );

  app.get(
    '/connect/deliveries',
    {
      schema: {
        tags,
        security,
        summary: 'The delivery log, newest first (100): status, attempts, and each attempt’s answer',
        querystring: webhookDeliveryQuerySchema,
        response: { 200: webhookDeliveryListSchema, ...errors },
      },
    },
    async (request) => {
      const { connection, actor } = contextOf(request);
      return {
        deliveries: await listDeliveries(connection.db, actor.facilityId, {
          subscriptionId: request.query.subscriptionId,
          limit: 100,
        }),
      };
    },
  );

  app.post(
    '/connect/deliveries/:id/redeliver',
    {
      schema: {
        tags,
        security,
        summary: 'Send a delivery again now (one more attempt, in its log)',
        params: idParamsSchema,
        response: { 202: z.object({}), ...errors },
      },
    },
    async (request, reply) => {
      await redeliver(contextOf(request).connection.db, contextOf(request), request.params.id, jobsOf(request));
      return reply.code(202).send({});
    },
  );
};
