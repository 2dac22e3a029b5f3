import type { FastifyInstance } from 'fastify';
import type * as z from 'zod/mini';
import { invocationOf, urlParamOf, type CommandRoute } from '@hasp/contracts';
import type { EventBus } from '../events/event-bus';
import type { CommandDefinition, Versioned } from './command';
import { sendCommand } from './command-route';

/**
 * A command definition of any input and state: the route hands it the input its declaration
 * validated, which is the definition's own input type by the domain's declaration.
 */
type NamedDefinition = Pick<CommandDefinition<never, Versioned, unknown>, 'name'>;

/** What a domain adds to its declared routes: its definitions and the words of its OpenAPI entries. */
export interface CommandRouteDocs<R extends CommandRoute> {
  /** The OpenAPI tag of the domain's routes. */
  tags: string[];
  /** The runner's definition of each route's command (a route without one stops the server at start). */
  definitionOf(route: R): NamedDefinition | undefined;
  /** Who may give it and what it does, for the OpenAPI. */
  summary(route: R): string;
  /** The answers, by status (200: what the command returns; the errors it can give). */
  response(route: R): Partial<Record<number, z.ZodMiniType>>;
}

/**
 * Registers a POST route per declared command route (contracts' `CommandRoute`): the path, params
 * and body as declared, the call handed to the runner with the target and input the declaration
 * derives (the same the offline sync derives), `If-Match` and `Idempotency-Key` from the headers.
 */
export function registerCommandRoutes<R extends CommandRoute>(
  app: FastifyInstance,
  events: EventBus,
  routes: readonly R[],
  docs: CommandRouteDocs<R>,
): void {
  for (const route of routes) {
    const definition = docs.definitionOf(route);
    if (!definition) throw new Error(`command route ${route.name} (${route.path}) has no command definition`);
    if (definition.name !== route.name)
      throw new Error(`command route ${route.name} is given the definition of ${definition.name}`);
    const param = urlParamOf(route);
    app.post(
      route.path,
      {
        schema: {
          tags: docs.tags,
          security: [{ bearer: [] }],
          summary: docs.summary(route),
          ...(route.params ? { params: route.params } : {}),
          ...(route.body ? { body: route.body } : {}),
          response: docs.response(route),
        },
      },
      async (request, reply) => {
        const params = request.params as Record<string, number>;
        const urlId = param ? Number(params[param]) : 0;
        return sendCommand(
          events,
          request,
          reply,
          definition as CommandDefinition<unknown, Versioned, unknown>,
          invocationOf(route, urlId, request.body),
        );
      },
    );
  }
}
