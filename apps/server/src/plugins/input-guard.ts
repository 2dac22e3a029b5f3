import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from './app-error';

/** Deeper than any request Hasp takes; deeper values only cost stack (PostgreSQL's jsonb stops at 54001). */
export const MAX_INPUT_DEPTH = 32;

type Problem = { field: string; message: string };

/**
 * One check for every route that takes input, before its schema: no text anywhere in the parsed
 * body, query string or path (keys included) holds a NUL character, which PostgreSQL text and jsonb
 * cannot store (22021/22P05, a 500 before), and no value nests deeper than {@link MAX_INPUT_DEPTH}.
 * Raw bodies (uploads) are Buffers and are left to their parsers.
 * Attached to each route whose schema declares a body, query string or path parameters — the only
 * input a handler gets (every route validates what it reads) — so routes without any, such as
 * /api/health and the web app's files, pay nothing. Must be registered before the routes.
 */
export function registerInputGuard(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    const { schema } = route;
    if (!schema?.body && !schema?.querystring && !schema?.params) return;
    const own = route.preValidation;
    route.preValidation = own === undefined ? [guardInput] : [guardInput, ...(Array.isArray(own) ? own : [own])];
  });
}

async function guardInput(request: FastifyRequest): Promise<void> {
  const problems = [
    ...findProblems(request.params, 'params'),
    ...findProblems(request.query, 'querystring'),
    ...findProblems(request.body, 'body'),
  ];
  if (problems.length > 0) throw AppError.validation(problems);
}

/** Walks a parsed value without recursion (a hostile value may nest as deep as the body limit allows). */
function findProblems(root: unknown, context: string): Problem[] {
  const problems: Problem[] = [];
  const stack: { value: unknown; path: string[] }[] = [{ value: root, path: [] }];
  const fieldOf = (path: string[]) => (path.length > 0 ? path.join('.') : context);
  while (stack.length > 0 && problems.length < 10) {
    const { value, path } = stack.pop()!;
    if (typeof value === 'string') {
      if (value.includes('\u0000'))
        problems.push({ field: fieldOf(path), message: 'Must not contain the NUL character' });
      continue;
    }
    if (value === null || typeof value !== 'object' || Buffer.isBuffer(value)) continue;
    if (path.length >= MAX_INPUT_DEPTH) {
      problems.push({ field: fieldOf(path), message: `Nested deeper than ${MAX_INPUT_DEPTH} levels` });
      continue;
    }
    for (const [key, child] of Object.entries(value)) {
      if (key.includes('\u0000')) {
        problems.push({
          field: fieldOf([...path, key.replaceAll('\u0000', '\\0')]),
          message: 'Must not contain the NUL character',
        });
        continue;
      }
      stack.push({ value: child, path: [...path, key] });
    }
  }
  return problems;
}
