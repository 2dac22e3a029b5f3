import pino, { type DestinationStream, type Logger } from 'pino';

/**
 * Query parameters whose values are credentials: the SSO token of the facility look-up and of the
 * /login redirect, SAML and OAuth-style values, refresh and access tokens. Compared lower-case.
 */
const secretQueryParams = new Set([
  'token',
  'ssotoken',
  'access_token',
  'refresh_token',
  'refreshtoken',
  'id_token',
  'code',
  'ticket',
  'samlresponse',
  'samlrequest',
  'relaystate',
  'signature',
  'password',
  'secret',
]);

function decodedName(name: string): string {
  try {
    return decodeURIComponent(name.replace(/\+/g, ' ')).toLowerCase();
  } catch {
    return name.toLowerCase();
  }
}

/**
 * The URL with the value of every credential-carrying query parameter replaced, the rest as sent.
 * @example redactUrl('/api/x?token=abc&connectionStringName=Demo') // '/api/x?token=[redacted]&connectionStringName=Demo'
 */
export function redactUrl(url: string): string {
  const start = url.indexOf('?');
  if (start < 0) return url;
  const query = url
    .slice(start + 1)
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      const name = eq < 0 ? pair : pair.slice(0, eq);
      return secretQueryParams.has(decodedName(name)) ? `${name}=[redacted]` : pair;
    })
    .join('&');
  return `${url.slice(0, start)}?${query}`;
}

interface LoggedRequest {
  method: string;
  url: string;
  host?: string;
  ip?: string;
  socket?: { remotePort?: number } | null;
}

/**
 * Fastify's own request serializer with the URL redacted: the "incoming request" line of every
 * request goes through it (Fastify lets the logger's serializers override its own).
 */
function serializeRequest(request: LoggedRequest) {
  return {
    method: request.method,
    url: redactUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

/** The server's pino logger: credentials in headers and query strings never reach a log line. */
export function createLogger(level: string, destination?: DestinationStream): Logger {
  return pino(
    {
      level,
      serializers: { req: serializeRequest },
      redact: {
        paths: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'],
        censor: '[redacted]',
      },
    },
    destination,
  );
}
