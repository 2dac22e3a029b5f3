import type * as z from 'zod/mini';

/**
 * A command's HTTP route, declared once beside its input schema. Everything else follows from it:
 * the server registers the route (path, params, body) and so the OpenAPI entry; the offline sync
 * turns a queued command into the same target and input as the route; the device's offline source
 * recognises the URL the page posts to. Adding a verb to a domain's list of routes is the whole
 * change in contracts.
 */
export interface CommandRoute<N extends string = string> {
  /** The runner's registered name: `tag.apply`. */
  name: N;
  /** The POST path under /api; its one `:param` is the record the URL names (the permit, mostly). */
  path: string;
  /** The URL's parameters (none for a route like POST /permits). */
  params?: z.ZodMiniObject;
  /** The body the route validates; undefined when it takes none (the input is then `{}`). */
  body: z.ZodMiniType | undefined;
  /** Queueable on a device without a network (no signature, nothing only the server knows at the time). */
  offline: boolean;
  /** The runner's target and input from the URL's id and the validated body (default: the URL's id and the body). */
  invocation?: (urlId: number, body: unknown) => CommandInvocation;
}

/** What the runner is given: the record the command changes and its input. */
export interface CommandInvocation {
  targetId: number;
  input: unknown;
}

/** Declares a route, keeping its name's literal type (so a domain's names stay a union). */
export const commandRoute = <const N extends string>(route: CommandRoute<N>): CommandRoute<N> => route;

/** The route's URL parameter that names its record: `permitId` in `/permits/:permitId/tags/commands/apply`. */
export function urlParamOf(route: Pick<CommandRoute, 'path'>): string | null {
  return /:(\w+)/.exec(route.path)?.[1] ?? null;
}

/** The runner's target and input for a call of the route: `{}` stands for no body (as the route answers one). */
export const invocationOf = (route: CommandRoute, urlId: number, body: unknown): CommandInvocation =>
  route.invocation ? route.invocation(urlId, body) : { targetId: urlId, input: body ?? {} };

const patterns = new Map<string, RegExp>();

/** A route path's pattern, made once per path: `permits/(-?\d+)/tags/commands/apply`. */
function patternOf(routePath: string): RegExp {
  let pattern = patterns.get(routePath);
  if (!pattern) {
    pattern = new RegExp(
      `^${routePath
        .replace(/^\//, '')
        .split('/')
        .map((part) => (part.startsWith(':') ? '(-?\\d+)' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
        .join('/')}$`,
    );
    patterns.set(routePath, pattern);
  }
  return pattern;
}

/** The id in a path like the route's (`permits/12/tags/commands/apply`, no /api), or null when it is not the route's. */
export function matchCommandPath(route: Pick<CommandRoute, 'path'>, path: string): { urlId: number } | null {
  const match = patternOf(route.path).exec(path.replace(/^\/?(api\/)?/, '').replace(/[?#].*$/, ''));
  if (!match) return null;
  return { urlId: match[1] === undefined ? 0 : Number(match[1]) };
}

/** The route of a path among these (the first whose pattern matches), with the id it names. */
export function findCommandRoute<R extends CommandRoute>(
  routes: readonly R[],
  path: string,
): { route: R; urlId: number } | null {
  for (const route of routes) {
    const match = matchCommandPath(route, path);
    if (match) return { route, urlId: match.urlId };
  }
  return null;
}

/** The URL of a route for a record, under /api: `permits/12/tags/commands/apply`. */
export const commandPath = (route: Pick<CommandRoute, 'path'>, urlId: number): string =>
  route.path.replace(/^\//, '').replace(/:\w+/, String(urlId));

/** The route of that name among these (a domain's list): throws when there is none, a slip in the code. */
export function commandRouteNamed<R extends CommandRoute>(routes: readonly R[], name: string): R {
  const route = routes.find((r) => r.name === name);
  if (!route) throw new Error(`no command route ${name}`);
  return route;
}
