import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { e2eBaseUrl } from './ports';

/**
 * A pass-through proxy in front of the end-to-end server that can serve a "new build" of the service
 * worker: from `publish(n)` on, `/sw.js` is the real one plus a `// build n` line, so its bytes differ
 * and the browser installs it as a new version. Same origin throughout, as a deploy would be.
 * (Playwright cannot route a service worker's own script requests without an experimental flag.)
 */
export async function startServiceWorkerProxy(upstream = e2eBaseUrl) {
  let build = 1;
  const swRequests: number[] = [];
  const server = http.createServer((request, response) => {
    const target = new URL(request.url ?? '/', upstream);
    const headers = { ...request.headers };
    if (target.pathname === '/sw.js') {
      // Always the full, plain script: a 304 or a brotli body would leave nothing to append the build line to.
      delete headers['if-none-match'];
      delete headers['if-modified-since'];
      delete headers['accept-encoding'];
    }
    const forward = http.request(target, { method: request.method, headers }, (upstreamResponse) => {
      if (target.pathname !== '/sw.js' || build === 1) {
        response.writeHead(upstreamResponse.statusCode ?? 502, upstreamResponse.headers);
        upstreamResponse.pipe(response);
        return;
      }
      const chunks: Buffer[] = [];
      upstreamResponse.on('data', (chunk: Buffer) => chunks.push(chunk));
      upstreamResponse.on('end', () => {
        const body = Buffer.concat([...chunks, Buffer.from(`\n// build ${build}\n`)]);
        const changed = { ...upstreamResponse.headers, 'content-length': String(body.length) };
        delete changed.etag;
        delete changed['last-modified'];
        response.writeHead(upstreamResponse.statusCode ?? 502, changed);
        response.end(body);
      });
    });
    if (target.pathname === '/sw.js') swRequests.push(build);
    forward.on('error', () => response.destroy());
    request.pipe(forward);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    /** Serve the service worker of build `n` from now on. */
    publish: (n: number) => {
      build = n;
    },
    /** Which build each request for /sw.js got. */
    swRequests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
