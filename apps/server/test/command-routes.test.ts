import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { invocationOf, offlineCommandNames, permitDomainCommandRoutes } from '@hasp/contracts';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config/config';
import { ConnectionRegistry } from '../src/db/connections';
import { syncRouteOf } from '../src/modules/sync';
import { findCommand } from '../src/platform';

/**
 * A command route is declared once in contracts; the route table, the OpenAPI and the offline
 * sync's mapping all follow from the declaration. This proves the mapping complete: every declared
 * route is served, documented and backed by a registered command, and every offline one maps to
 * the same body and target in the sync as over HTTP.
 */
let app: FastifyInstance;
let openapi: { paths: Record<string, Record<string, { requestBody?: unknown }>> };

beforeAll(async () => {
  const config = loadConfig(
    { HASP_CONFIG: '', HASP_CONNECTIONS: 'Demo', HASP_WEB_DIST: '/nonexistent' },
    '/nonexistent',
  );
  app = await buildApp({ config, registry: new ConnectionRegistry([]), jwtSecret: 'x'.repeat(32), version: 'test' });
  await app.ready();
  openapi = app.swagger() as typeof openapi;
});
afterAll(() => app.close());

const openapiPath = (path: string) => `/api${path.replace(/:(\w+)/g, '{$1}')}`;

describe('command routes declared once', () => {
  it('serves, documents and runs every declared route of the permit domains', () => {
    expect(permitDomainCommandRoutes.length).toBeGreaterThan(50);
    for (const route of permitDomainCommandRoutes) {
      expect(findCommand(route.name), `${route.name} is a registered command`).toBeDefined();
      expect(app.hasRoute({ method: 'POST', url: `/api${route.path}` }), `${route.name} is served`).toBe(true);
      const operation = openapi.paths[openapiPath(route.path)]?.post;
      expect(operation, `${route.name} is in the OpenAPI`).toBeDefined();
      expect(operation!.requestBody !== undefined, `${route.name} documents its body`).toBe(route.body !== undefined);
    }
  });

  it('maps every offline command in the sync as its route does (same body schema, same target and input)', () => {
    const offline = permitDomainCommandRoutes.filter((route) => route.offline);
    expect(offline.map((route) => route.name)).toEqual(offlineCommandNames);
    for (const route of offline) {
      const sync = syncRouteOf(route.name as never);
      expect(sync.body, route.name).toBe(route.body);
      const body = { tagId: 11, permitTypeId: 12, reason: 'r' };
      expect(sync.command(7, body), route.name).toEqual(invocationOf(route, 7, body));
    }
    // The target is the route's: a tag command's is the tag in the body, a creation's the type.
    expect(syncRouteOf('tag.apply').command(7, { tagId: 11 })).toEqual({
      targetId: 11,
      input: { tagId: 11, permitId: 7 },
    });
    expect(syncRouteOf('permit.create').command(0, { permitTypeId: 12 }).targetId).toBe(12);
    expect(syncRouteOf('lockbox.release').command(7, undefined)).toEqual({ targetId: 7, input: {} });
  });

  it('does not offer offline what needs the server (approving, rejecting, extending, voiding or printing a tag)', () => {
    for (const name of ['permit.approve', 'permit.reject', 'permit.extend', 'tag.void', 'tag.mark-printed'])
      expect(offlineCommandNames as readonly string[]).not.toContain(name);
  });
});
