import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  gasConfigSchema,
  gasInstrumentInputSchema,
  gasParameterInputSchema,
  gasTestCommandRoutes,
  gasTestParamsSchema,
  gasTestsViewSchema,
  idParamsSchema,
  permitPermission,
} from '@hasp/contracts';
import type { AppContext } from '../../app-context';
import { commandErrorResponses, contextOf, registerCommandRoutes, sendCommand } from '../../platform';
import { AppError } from '../../plugins/app-error';
import { assertPermission, permissionsOf, requirePermission } from '../../plugins/permissions';
import { gasConfig } from './gas-config.repository';
import {
  createGasInstrument,
  createGasParameter,
  editGasInstrument,
  editGasParameter,
  gasConfigPermission,
} from './gas-config.service';
import { gasTestCommandDefinitions } from './gas-test-command.service';
import { findGasPermit, gasTestsVersion, listGasTests } from './gas-tests.repository';
import { gasTestsView } from './gas-tests-view';

const tags = ['gas-tests'];
const security = [{ bearer: [] }];
const config = { 200: gasConfigSchema, ...commandErrorResponses };
const view = { 200: gasTestsViewSchema, ...commandErrorResponses };

/**
 * Gas tests: the facility's parameters and instruments (Administrator › Permit types › Gas tests;
 * rightnav:administrator) and each permit's tests. Every change is a command on the runner (audit
 * and event `gas-parameter.*`, `gas-instrument.*`, `gas-test.record|void`; Idempotency-Key; If-Match:
 * the facility configuration's version, or the permit's gas tests' version).
 */
export const gasTestsRoutes: FastifyPluginAsyncZod<AppContext> = async (app, ctx) => {
  const admin = { preHandler: requirePermission(gasConfigPermission) };
  const facility = (request: Parameters<typeof contextOf>[0]) => contextOf(request).actor.facilityId;

  app.get(
    '/gas-tests/config',
    {
      ...admin,
      schema: {
        tags,
        security,
        summary: "The facility's gas parameters (limits) and instruments (calibration due), inactive ones too",
        response: config,
      },
    },
    async (request) => gasConfig(contextOf(request).connection.db, facility(request)),
  );
  app.post(
    '/gas-tests/parameters',
    {
      ...admin,
      schema: {
        tags,
        security,
        summary: 'Add a gas parameter (code unique in the facility)',
        body: gasParameterInputSchema,
        response: config,
      },
    },
    async (request, reply) =>
      sendCommand(ctx.events, request, reply, createGasParameter, { targetId: facility(request), input: request.body }),
  );
  app.put(
    '/gas-tests/parameters/:id',
    {
      ...admin,
      schema: {
        tags,
        security,
        summary:
          "Change a gas parameter's code, name, unit or limits, or deactivate it (tests keep the limits they were taken against)",
        params: idParamsSchema,
        body: gasParameterInputSchema,
        response: config,
      },
    },
    async (request, reply) =>
      sendCommand(ctx.events, request, reply, editGasParameter, {
        targetId: facility(request),
        input: { id: request.params.id, values: request.body },
      }),
  );
  app.post(
    '/gas-tests/instruments',
    {
      ...admin,
      schema: {
        tags,
        security,
        summary: 'Add a gas instrument (serial unique in the facility)',
        body: gasInstrumentInputSchema,
        response: config,
      },
    },
    async (request, reply) =>
      sendCommand(ctx.events, request, reply, createGasInstrument, {
        targetId: facility(request),
        input: request.body,
      }),
  );
  app.put(
    '/gas-tests/instruments/:id',
    {
      ...admin,
      schema: {
        tags,
        security,
        summary: "Change an instrument's name, serial or calibration due date, or deactivate it",
        params: idParamsSchema,
        body: gasInstrumentInputSchema,
        response: config,
      },
    },
    async (request, reply) =>
      sendCommand(ctx.events, request, reply, editGasInstrument, {
        targetId: facility(request),
        input: { id: request.params.id, values: request.body },
      }),
  );

  app.get(
    '/permits/:permitId/gas-tests',
    {
      schema: {
        tags,
        security,
        summary:
          "A permit's gas tests, newest first (permit:view:<CODE>), the active parameters and instruments, and whether the latest test allows issue",
        params: gasTestParamsSchema,
        response: view,
      },
    },
    async (request, reply) => {
      const { connection, actor, now } = contextOf(request);
      const db = connection.db;
      const permit = await findGasPermit(db, actor.facilityId, request.params.permitId);
      if (!permit) throw AppError.notFound('Permit');
      await assertPermission(request, permitPermission('view', permit.typeCode));
      const [version, tests] = await Promise.all([
        gasTestsVersion(db, permit.id),
        listGasTests(db, actor.facilityId, permit.id),
      ]);
      void reply.header('etag', `"${version}"`);
      const state = { version, permit, tests, permissions: await permissionsOf(request) };
      return gasTestsView(db, actor.facilityId, state, actor.userId, now);
    },
  );
  const testSummaries = {
    'gas-test.record':
      'Record a gas test (permit:view:<CODE>; approved until the work is complete): a reading of every active parameter, a calibrated instrument, the tester (the caller, a user or a named person), time and place. Out-of-limit readings notify the issuer.',
    'gas-test.void':
      'Void a gas test entered in error, with a reason (whoever recorded it, or permit:issue:<CODE>); it stays on the permit, struck through',
  } as const;
  registerCommandRoutes(app, ctx.events, gasTestCommandRoutes, {
    tags,
    definitionOf: (route) => gasTestCommandDefinitions[route.name === 'gas-test.record' ? 'record' : 'void'],
    summary: (route) => testSummaries[route.name],
    response: () => view,
  });
};
