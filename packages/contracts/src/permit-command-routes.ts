import * as z from 'zod/mini';
import { commandRoute } from './command-routes';
import { idParamsSchema } from './ids';
import { permitCommandInputSchemas, permitCommands, type PermitCommand } from './permit-lifecycle';
import { permitCreateSchema, permitEditSchema } from './permits';
import { simopsCheckedCommands, simopsOverrideBodySchema } from './simops';

/** The lifecycle verbs a person gives over HTTP; `expire` is the system's. */
export const httpPermitCommands = permitCommands.filter((c): c is Exclude<PermitCommand, 'expire'> => c !== 'expire');

/**
 * The lifecycle verbs a device queues offline: every one a person gives, except approving and
 * rejecting (approving re-checks the password on the server; rejecting clears the approvals and
 * tells the requester, both the server's) and extending (the facility's limits are the server's).
 */
export const offlinePermitVerbs = [
  'edit',
  'request',
  'isolate',
  'issue',
  'accept',
  'suspend',
  'revalidate',
  'start-test',
  'end-test',
  'hand-over',
  'complete-work',
  'de-isolate',
  'close',
  'cancel',
] as const satisfies readonly PermitCommand[];
export type OfflinePermitVerb = (typeof offlinePermitVerbs)[number];

const inputOf = (command: PermitCommand): z.ZodMiniType | undefined =>
  command === 'edit'
    ? permitEditSchema
    : (permitCommandInputSchemas as Partial<Record<PermitCommand, z.ZodMiniType>>)[command];

/** The verb's input, plus on Approve and Issue the override of blocking SIMOPS conflicts. */
const bodyOf = (command: PermitCommand): z.ZodMiniType | undefined => {
  const input = inputOf(command);
  if (!(simopsCheckedCommands as readonly string[]).includes(command)) return input;
  // With no body at all fastify gives null.
  return input ? z.intersection(input, simopsOverrideBodySchema) : z.optional(z.nullable(simopsOverrideBodySchema));
};

/** Creating a permit: the runner's target is the permit type named in the body (the URL names none). */
export const permitCreateRoute = commandRoute({
  name: 'permit.create',
  path: '/permits',
  body: permitCreateSchema,
  offline: true,
  invocation: (_urlId, body) => ({ targetId: (body as { permitTypeId: number }).permitTypeId, input: body }),
});

/** One route per lifecycle verb, so each has its own body (and documentation in the OpenAPI). */
export const permitCommandRoutes = httpPermitCommands.map((verb) =>
  commandRoute({
    name: `permit.${verb}`,
    path: `/permits/:id/commands/${verb}`,
    params: idParamsSchema,
    body: bodyOf(verb),
    offline: (offlinePermitVerbs as readonly PermitCommand[]).includes(verb),
  }),
);
