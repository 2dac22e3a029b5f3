import type * as z from 'zod/mini';
import {
  gasTestCommandInputSchemas,
  hazardAnalysisInputSchemas,
  isolationPlanInputSchemas,
  lockApplyInputSchema,
  lockboxCommandInputSchemas,
  lockRemoveInputSchema,
  permitCommandInputSchemas,
  permitCreateSchema,
  permitEditSchema,
  permitQuestionInputSchemas,
  tagCommandInputSchemas,
  type OfflineCommandName,
} from '@hasp/contracts';

/**
 * How the REST route of an offline command turns its URL and body into the runner's command, so
 * that the push validates with the SAME body schema and sends the SAME (targetId, input) as the route.
 * A sync command's `targetId` is the route's URL id (the permit for every permit-scoped route);
 * `body` undefined: the route takes no body (the input is then `{}`, as the route's `body ?? {}`).
 */
export interface SyncRoute {
  body: z.ZodMiniType | undefined;
  /** The runner's target and input from the URL's id and the validated body. */
  command(urlId: number, body: unknown): { targetId: number; input: unknown };
}

const byUrl = (body: z.ZodMiniType | undefined): SyncRoute => ({
  body,
  command: (urlId, input) => ({ targetId: urlId, input: input ?? {} }),
});

const pick = (schemas: object, verb: string) => (schemas as Record<string, z.ZodMiniType | undefined>)[verb];

/** The route of an offline command by its registered name (`permit.edit`, `tag.apply`…). */
export function syncRouteOf(name: OfflineCommandName): SyncRoute {
  const dot = name.indexOf('.');
  const prefix = name.slice(0, dot);
  const verb = name.slice(dot + 1);
  switch (prefix) {
    case 'permit':
      if (verb === 'create') {
        // POST /api/permits: the target is the permit type named in the body.
        return {
          body: permitCreateSchema,
          command: (_urlId, input) => ({ targetId: (input as { permitTypeId: number }).permitTypeId, input }),
        };
      }
      return byUrl(verb === 'edit' ? permitEditSchema : pick(permitCommandInputSchemas, verb));
    case 'isolation-plan':
      return byUrl(pick(isolationPlanInputSchemas, verb));
    case 'tag':
      // POST /api/permits/:permitId/tags/commands/<verb> { tagId }: the runner's target is the tag.
      return {
        body: pick(tagCommandInputSchemas, verb),
        command: (urlId, input) => ({
          targetId: (input as { tagId: number }).tagId,
          input: { ...(input as object), permitId: urlId },
        }),
      };
    case 'lock':
      return byUrl(verb === 'apply' ? lockApplyInputSchema : lockRemoveInputSchema);
    case 'lockbox':
      return byUrl(pick(lockboxCommandInputSchemas, verb));
    case 'permit-questions':
      return byUrl(pick(permitQuestionInputSchemas, verb));
    case 'gas-test':
      return byUrl(pick(gasTestCommandInputSchemas, verb));
    case 'hazard-analysis':
      return byUrl(pick(hazardAnalysisInputSchemas, verb));
    default:
      throw new Error(`offline command ${name} has no route`);
  }
}

/**
 * The record a command's version chain is about: its name's prefix × the runner's target (decision
 * 0055). Lock commands lock the permit and are checked against the permit's own version (they leave
 * it as it is): they are links of the permit's chain, so a permit command the device queued before
 * them (issuing it, say) moves the version they are checked against (decision 0064).
 */
export function aggregateOf(name: string, targetId: number): string {
  const prefix = name.slice(0, name.indexOf('.'));
  return `${prefix === 'lock' ? 'permit' : prefix}:${targetId}`;
}
