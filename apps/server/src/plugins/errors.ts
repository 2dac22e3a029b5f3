import { extname } from 'node:path';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { errorCodeByStatus, type ApiRefusal } from '@hasp/contracts';
import { AppError } from './app-error';
import { databaseDataError } from './database-errors';

/** Every failure leaves as `{ code, message, details?, said? }`; 5xx text never leaves the server. */
export function registerErrorHandling(app: FastifyInstance, servesWebApp: boolean): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      if (error.headers) void reply.headers(error.headers);
      // `said` leaves only where the route's failure schema is apiRefusalSchema (the serializer keeps what its schema names).
      const body: ApiRefusal = { code: error.code, message: error.message };
      if (error.details) body.details = error.details;
      if (error.said) body.said = error.said;
      return reply.status(error.statusCode).send(body);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const details = error.validation.map((issue) => {
        const where = issue.instancePath.replace(/^\//, '').replace(/\//g, '.');
        const field = where || String((issue.params as { issue?: { path?: unknown[] } }).issue?.path?.join('.') ?? '');
        return { field: field || error.validationContext || 'body', message: issue.message };
      });
      const summary = details.map((d) => `${d.field}: ${d.message}`).join('; ');
      return reply.status(400).send({ code: 'VALIDATION_FAILED', message: `Invalid request: ${summary}`, details });
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error, issues: error.cause.issues }, 'response did not match its schema');
      return reply.status(500).send({ code: 'INTERNAL', message: 'Something went wrong on our side' });
    }
    const dataError = databaseDataError(error);
    if (dataError) {
      // A value the route's schema should have refused: answer 400, and warn so the schema gets fixed.
      request.log.warn({ err: error, sqlState: dataError.sqlState }, 'database refused a value: tighten the schema');
      return reply.status(400).send({ code: 'VALIDATION_FAILED', message: dataError.message });
    }
    const status = error.statusCode && error.statusCode >= 400 ? error.statusCode : 500;
    if (status >= 500) {
      request.log.error({ err: error }, 'request failed');
      return reply
        .status(status)
        .send({ code: errorCodeByStatus[status] ?? 'INTERNAL', message: 'Something went wrong on our side' });
    }
    return reply
      .status(status)
      .send({ code: errorCodeByStatus[status] ?? 'VALIDATION_FAILED', message: error.message });
  });

  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0] ?? '';
    // Deep links into the single-page app get its index.html (Cache-Control from web-app.ts); the
    // app's router takes over.
    if (servesWebApp && request.method === 'GET' && !pathname.startsWith('/api') && !extname(pathname)) {
      return reply.sendFile('index.html');
    }
    return reply.status(404).send({ code: 'NOT_FOUND', message: `No route ${request.method} ${pathname}` });
  });
}
