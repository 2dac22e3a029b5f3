import type * as z from 'zod/mini';
import { invocationOf, offlineCommandRouteOf, type CommandInvocation, type OfflineCommandName } from '@hasp/contracts';

/**
 * How the REST route of an offline command turns its URL and body into the runner's command, read
 * off the route's declaration in contracts: the push validates with the SAME body schema and sends
 * the SAME (targetId, input) as the route. A sync command's `targetId` is the route's URL id (the
 * permit for every permit-scoped route); `body` undefined: the route takes no body (input `{}`).
 */
export interface SyncRoute {
  body: z.ZodMiniType | undefined;
  /** The runner's target and input from the URL's id and the validated body. */
  command(urlId: number, body: unknown): CommandInvocation;
}

/** The route of an offline command by its registered name (`permit.edit`, `tag.apply`…). */
export function syncRouteOf(name: OfflineCommandName): SyncRoute {
  const route = offlineCommandRouteOf(name);
  if (!route) throw new Error(`offline command ${name} has no route`);
  return { body: route.body, command: (urlId, body) => invocationOf(route, urlId, body) };
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
