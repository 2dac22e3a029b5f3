import type { FastifyReply, FastifyRequest } from 'fastify';
import { apiErrorSchema } from '@hasp/contracts';
import { AppError } from '../../plugins/app-error';
import type { EventBus } from '../events/event-bus';
import { contextOf } from '../request-context';
import type { CommandDefinition, Versioned } from './command';
import { runCommand } from './run-command';

/**
 * The error answers every command route can give (OpenAPI): invalid input, not signed in, refused
 * by the policy, target not found, stale version or key in flight, key reused with another body.
 * @example response: { 200: thingSchema, ...commandErrorResponses }
 */
export const commandErrorResponses = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  403: apiErrorSchema,
  404: apiErrorSchema,
  409: apiErrorSchema,
  422: apiErrorSchema,
} as const;

const KEY = /^[\x21-\x7e]{1,200}$/;

/** The `Idempotency-Key` header: 1 to 200 visible ASCII characters (a UUID from the client). */
function idempotencyKeyOf(request: FastifyRequest): string | null {
  const header = request.headers['idempotency-key'];
  if (header === undefined) return null;
  if (typeof header !== 'string' || !KEY.test(header)) {
    throw AppError.validation([{ field: 'Idempotency-Key', message: 'Idempotency-Key: 1 to 200 visible characters' }]);
  }
  return header;
}

/** The `If-Match` header as the expected version: `"7"` or `7`. */
export function expectedVersionOf(request: FastifyRequest): number | null {
  const header = request.headers['if-match'];
  if (header === undefined) return null;
  const match = /^(?:W\/)?"?(\d{1,9})"?$/.exec(String(header).trim());
  if (!match) throw AppError.validation([{ field: 'If-Match', message: 'If-Match: the version you loaded, e.g. "3"' }]);
  return Number(match[1]);
}

/**
 * The one preamble of a command route: the route's schema has validated the input; this takes
 * the request context, runs the command, and replies with the result, the new version as ETag,
 * and `Idempotent-Replayed: true` when an earlier send answered.
 * @example async (request, reply) => sendCommand(ctx.events, request, reply, updateSetting, { targetId, input })
 */
export async function sendCommand<I, S extends Versioned, R>(
  events: EventBus,
  request: FastifyRequest,
  reply: FastifyReply,
  definition: CommandDefinition<I, S, R>,
  /** `expectedVersion`: for routes whose contract carries the version in the body (else If-Match). */
  command: { targetId: number; input: I; expectedVersion?: number | null },
): Promise<R> {
  const ctx = contextOf(request);
  const outcome = await runCommand(events, ctx, definition, {
    name: definition.name,
    targetId: command.targetId,
    input: command.input,
    idempotencyKey: idempotencyKeyOf(request),
    expectedVersion: command.expectedVersion !== undefined ? command.expectedVersion : expectedVersionOf(request),
  });
  void reply.header('etag', `"${outcome.version}"`);
  if (outcome.replayed) void reply.header('idempotent-replayed', 'true');
  return outcome.result;
}
