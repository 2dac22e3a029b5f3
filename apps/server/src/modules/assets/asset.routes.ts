import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context';
import { assetRouteKit } from './asset-route-kit';
import { assetPageRoutes } from './asset-page.routes';
import { assetTreeRoutes } from './asset-tree.routes';
import { componentRoutes } from './component.routes';

/** Asset Manage and Component Manage: the tree, asset pages, components and their energy and isolation. */
export const assetRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  // Photos arrive as their raw bytes; the type is checked from the content, not from this header.
  app.addContentTypeParser(
    ['image/png', 'image/jpeg', 'application/octet-stream'],
    { parseAs: 'buffer' },
    (_r, body, done) => done(null, body),
  );
  const kit = assetRouteKit(ctx);
  assetTreeRoutes(app, kit);
  assetPageRoutes(app, kit);
  componentRoutes(app, kit);
};
