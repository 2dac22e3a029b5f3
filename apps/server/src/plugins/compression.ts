import zlib from 'node:zlib';
import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/**
 * Answers over 1 KB go out compressed, br or gzip as the client accepts (the captions resource is
 * 115 KB as JSON, 35 KB gzipped; an offline download page hundreds of KB): what a phone on a weak
 * signal waits for is bytes. Brotli at quality 4 (not its default 11) costs about gzip's CPU for a
 * smaller answer. Large answers stream through the compressor. Request bodies are never inflated
 * (a small compressed body could expand past the body limit's meaning). The notification stream is
 * hijacked and so passes by. Registered in the API's scope only: the web app's files come
 * precompressed from the build, each with its own ETag.
 */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  await app.register(compress, {
    global: true,
    globalDecompression: false,
    threshold: 1024,
    encodings: ['br', 'gzip'],
    brotliOptions: {
      params: {
        [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
        [zlib.constants.BROTLI_PARAM_QUALITY]: 4,
      },
    },
  });
}
