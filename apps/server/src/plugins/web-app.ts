import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';

/** Hashed build output: a changed file gets a new name, so a copy never goes stale. */
const IMMUTABLE = 'public, max-age=31536000, immutable';
/** index.html, the service worker and the manifest name the current hashed files: always revalidated. */
const REVALIDATE = 'no-cache';
const COMPRESSED_COPY = /\.(br|gz)$/;

/**
 * Serves the built single-page app. The build writes brotli and gzip copies beside each text file
 * (vite-plugin-compression2); @fastify/static picks the one the browser accepts (falling back to
 * the plain file) and sends `Vary: Accept-Encoding`. Deep links are answered by the not-found
 * handler (plugins/errors.ts) with index.html, through the same negotiation and headers.
 */
export async function registerWebApp(app: FastifyInstance, root: string): Promise<void> {
  await app.register(fastifyStatic, {
    root,
    wildcard: false,
    index: ['index.html'],
    preCompressed: true,
    // The copies are reached through negotiation only, never by their own URL.
    globIgnore: ['**/*.br', '**/*.gz'],
    // Cache-Control is set per file below; send's default (max-age=0) would revalidate hashed files.
    cacheControl: false,
    setHeaders: (reply, filePath) => {
      const served = path.relative(root, filePath).replace(COMPRESSED_COPY, '').split(path.sep).join('/');
      void reply.header('cache-control', served.startsWith('assets/') ? IMMUTABLE : REVALIDATE);
    },
  });
}
