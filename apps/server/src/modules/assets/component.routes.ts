import {
  ASSET_PHOTO_MAX_BYTES,
  componentInputSchema,
  componentSchema,
  energySourceInputSchema,
  energySourceSchema,
  isolationPointInputSchema,
  isolationPointSchema,
} from '@hasp/contracts';
import { requireVersion } from './asset-records';
import {
  createComponent,
  createEnergySource,
  createIsolationPoint,
  editComponent,
  editEnergySource,
  editIsolationPoint,
  setIsolationPointPhoto,
} from './asset-detail.service';
import { errors, idParams, photoQuery, security, tags, type AssetApp, type AssetRouteKit } from './asset-route-kit';

/** Component Manage: an asset's components, their energy sources and isolation points (with a photo each). */
export function componentRoutes(app: AssetApp, { componentsManage, photoBody, send }: AssetRouteKit): void {
  app.post(
    '/assets/:id/components',
    {
      ...componentsManage,
      schema: {
        tags,
        security,
        summary: 'Add a component to an asset',
        params: idParams,
        body: componentInputSchema,
        response: { 200: componentSchema, ...errors },
      },
    },
    async (request, reply) => send(request, reply, createComponent, request.params.id, request.body),
  );
  app.put(
    '/assets/components/:id',
    {
      ...componentsManage,
      schema: {
        tags,
        security,
        summary: 'Edit or retire a component',
        params: idParams,
        body: componentInputSchema,
        response: { 200: componentSchema, ...errors },
      },
    },
    async (request, reply) =>
      send(request, reply, editComponent, request.params.id, request.body, requireVersion(request.body.version)),
  );
  app.post(
    '/assets/components/:id/energy-sources',
    {
      ...componentsManage,
      schema: {
        tags,
        security,
        summary: 'Add an energy source to a component',
        params: idParams,
        body: energySourceInputSchema,
        response: { 200: energySourceSchema, ...errors },
      },
    },
    async (request, reply) => send(request, reply, createEnergySource, request.params.id, request.body),
  );
  app.put(
    '/assets/energy-sources/:id',
    {
      ...componentsManage,
      schema: {
        tags,
        security,
        summary: 'Edit or retire an energy source',
        params: idParams,
        body: energySourceInputSchema,
        response: { 200: energySourceSchema, ...errors },
      },
    },
    async (request, reply) =>
      send(request, reply, editEnergySource, request.params.id, request.body, requireVersion(request.body.version)),
  );
  app.post(
    '/assets/components/:id/isolation-points',
    {
      ...componentsManage,
      schema: {
        tags,
        security,
        summary: 'Add an isolation point to a component (tag-only needs the extra protective measure)',
        params: idParams,
        body: isolationPointInputSchema,
        response: { 200: isolationPointSchema, ...errors },
      },
    },
    async (request, reply) => send(request, reply, createIsolationPoint, request.params.id, request.body),
  );
  app.put(
    '/assets/isolation-points/:id',
    {
      ...componentsManage,
      schema: {
        tags,
        security,
        summary: 'Edit or retire an isolation point',
        params: idParams,
        body: isolationPointInputSchema,
        response: { 200: isolationPointSchema, ...errors },
      },
    },
    async (request, reply) =>
      send(request, reply, editIsolationPoint, request.params.id, request.body, requireVersion(request.body.version)),
  );
  app.put(
    '/assets/isolation-points/:id/photo',
    {
      ...componentsManage,
      bodyLimit: ASSET_PHOTO_MAX_BYTES + 1024,
      schema: {
        tags,
        security,
        summary: "Replace an isolation point's photo (body: PNG or JPEG bytes, at most 5 MB)",
        params: idParams,
        querystring: photoQuery,
        response: { 200: isolationPointSchema, ...errors },
      },
    },
    async (request, reply) =>
      send(request, reply, setIsolationPointPhoto, request.params.id, {
        bytes: photoBody(request.body),
        fileName: request.query.fileName,
      }),
  );
}
