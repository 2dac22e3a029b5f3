import type { FastifyReply, FastifyRequest } from 'fastify';
import { recordCallAudit } from '../../platform';

/**
 * Every call made with a Hasp Connect key is audited as that key: one `api-key.call` row
 * per answered request — the route, the method, the answer's status — attributed to the key
 * (`device_id` api-key:<id>) and its creator, in the key's facility's hash chain. A change the call
 * made has its own rows too, written in its transaction; this row is the record of the call itself,
 * reads included. Written once the answer is known (onResponse); a failed write is logged, never
 * turned into a failure of an answer already sent.
 */
export async function auditApiKeyCall(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  const ctx = request.ctx;
  const key = ctx?.actor.apiKey;
  if (!ctx || !key) return;
  try {
    await recordCallAudit(ctx.connection.db, {
      userId: ctx.actor.userId,
      facilityId: ctx.actor.facilityId,
      action: 'api-key.call',
      entityType: 'api_key',
      entityId: key.id,
      before: null,
      after: { method: request.method, route: request.routeOptions.url, status: reply.statusCode },
      address: ctx.address,
      deviceId: ctx.actor.deviceId,
      requestId: ctx.requestId,
    });
  } catch (error) {
    request.log.error({ err: error }, 'The audit row of an API key call was not written');
  }
}
