import type { FastifyInstance } from 'fastify';

/**
 * The security headers @fastify/helmet would set with our policy, computed once. Helmet builds
 * them per request and halved API throughput here (measured in bench/); a fixed object costs
 * almost nothing. These go on the pages (the web app, the API reference); the API's answers get
 * {@link apiSecurityHeaders}.
 */
const contentSecurityPolicy = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: https:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "worker-src 'self'",
  "manifest-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "frame-ancestors 'none'",
  "form-action 'self'",
].join('; ');

export const securityHeaders: Readonly<Record<string, string>> = Object.freeze({
  'content-security-policy': contentSecurityPolicy,
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
  'origin-agent-cluster': '?1',
  'referrer-policy': 'no-referrer',
  'x-content-type-options': 'nosniff',
  'x-dns-prefetch-control': 'off',
  'x-frame-options': 'DENY',
  'x-permitted-cross-domain-policies': 'none',
});

/**
 * The API's answers (JSON, files, redirects) are never rendered as documents, so the
 * document-only headers (opener policy, agent cluster, DNS prefetch, referrer policy, the Flash-era
 * cross-domain one) do nothing there, and their policy can forbid everything. Nine headers and a
 * 330-byte policy on every answer cost the health route 2.7 µs of its 13 (the health-route bench of bench/run.ts: 81 % of raw
 * node:http with them, bare Fastify 93 %); these four keep what matters for a non-document
 * answer: no sniffing, no framing, no cross-origin loading, and no content at all if a browser is
 * ever made to open one as a page.
 */
export const apiSecurityHeaders: Readonly<Record<string, string>> = Object.freeze({
  'content-security-policy': "default-src 'none'; base-uri 'none'; object-src 'none'; frame-ancestors 'none'",
  'cross-origin-resource-policy': 'same-origin',
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
});

/** Under /api, only the API reference (/api/docs) serves pages. */
const servesApiData = (url: string) => url.startsWith('/api/') && !url.startsWith('/api/docs');

/**
 * Sent only on responses to requests that came over TLS (directly, or through a trusted proxy):
 * over plain HTTP browsers ignore it, and a development server on http://localhost must stay usable.
 */
export const strictTransportSecurity = 'max-age=31536000; includeSubDomains';

export function registerSecurityHeaders(app: FastifyInstance): void {
  app.addHook('onRequest', (request, reply, done) => {
    void reply.headers(servesApiData(request.url) ? apiSecurityHeaders : securityHeaders);
    if (request.protocol === 'https') void reply.header('strict-transport-security', strictTransportSecurity);
    done();
  });
}
