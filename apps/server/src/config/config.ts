import { readFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import proxyAddr from '@fastify/proxy-addr';
import ipaddr from 'ipaddr.js';
import { z } from 'zod';
import { isLiftable } from './private-targets';

/** One named connection: a PostgreSQL database by URL, or a database on the embedded server. */
const connectionSchema = z.object({
  name: z
    .string()
    .trim()
    .min(1)
    .max(100)
    .regex(/^[A-Za-z0-9 _.-]+$/, 'letters, digits, space, _ . - only'),
  /** The application role's URL: what requests and jobs use (db/database-roles.ts). */
  url: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
    .optional(),
  /** The owner role's URL: migrations at start. Without it Hasp only checks the schema is current. */
  ownerUrl: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
    .optional(),
  seedDemo: z.boolean().optional(),
});
export type ConnectionConfig = z.infer<typeof connectionSchema>;

/**
 * A list of addresses or CIDR ranges, comma-separated or an array; `off` or empty for none. Each
 * entry must pass `isValid`; the first that does not is named with `example` as the fix. Then
 * `problemOf` may refuse a well-formed entry, which is named with its answer.
 */
const addressListSchema = (
  isValid: (entry: string) => boolean,
  example: string,
  problemOf: (entry: string) => string | null = () => null,
) =>
  z.union([z.string(), z.array(z.string())]).transform((value, ctx) => {
    const list = (Array.isArray(value) ? value : value.split(',')).map((part) => part.trim()).filter(Boolean);
    if (list.length === 1 && list[0]!.toLowerCase() === 'off') return [];
    const wrong = list.find((entry) => !isValid(entry));
    if (wrong !== undefined) {
      ctx.addIssue({ code: 'custom', message: `"${wrong}" is not an address or CIDR range: ${example}, or off` });
      return z.NEVER;
    }
    for (const entry of list) {
      const problem = problemOf(entry);
      if (problem !== null) {
        ctx.addIssue({ code: 'custom', message: `"${entry}" ${problem}` });
        return z.NEVER;
      }
    }
    return list;
  });

/**
 * The reverse proxies whose X-Forwarded-For/-Proto/-Host are believed: addresses, CIDR ranges or
 * proxy-addr's names (loopback, linklocal, uniquelocal). Checked with the library Fastify itself
 * compiles them with, so what starts is what Fastify accepts.
 * No hop count and no "trust all": either lets a client that reaches the server directly pick its
 * own address and protocol (Fastify 5 ignores forwarded headers under a hop count anyway).
 */
const trustProxySchema = addressListSchema((entry) => {
  // A bare number parses as an IPv4 address ("1" is 0.0.0.1) but is meant as a hop count.
  if (/^\d+$/.test(entry)) return false;
  try {
    proxyAddr.compile(entry);
    return true;
  } catch {
    return false;
  }
}, "list the proxies' addresses (e.g. 10.0.0.5,10.1.0.0/16)");

/**
 * The loopback and private addresses or CIDR ranges webhooks may reach besides the public internet
 * (an on-site receiver). A server setting, not a facility one: whoever reaches these addresses can
 * probe the server's own network, so only the operator may open them. An entry that could open
 * nothing (public, multicast, reserved, unspecified) stops the start rather than being ignored.
 */
const privateTargetsSchema = addressListSchema(
  (entry) => ipaddr.isValidCIDR(entry) || ipaddr.isValid(entry),
  "list the receivers' addresses (e.g. 10.0.0.5,192.168.10.0/24)",
  (entry) =>
    isLiftable(entry)
      ? null
      : 'is not a loopback, private, link-local, carrier-grade NAT or unique-local address or range ' +
        '(a range is judged by its first address; public addresses need no listing)',
);

const intFromEnv = (min: number, max: number) => z.coerce.number<string | number>().int().min(min).max(max);

/** Every setting the server reads, with its environment variable and default. */
export const configSchema = z.object({
  port: intFromEnv(0, 65535).default(3000),
  host: z.string().min(1).default('127.0.0.1'),
  dataDir: z.string().min(1).default('./data'),
  embeddedPgPort: intFromEnv(1024, 65535).default(54329),
  /**
   * false: the embedded database skips fsync, synchronous commit and full-page writes, as
   * PostgreSQL's "non-durable settings" advise for throwaway databases (the test suites). A crash
   * of the machine can then lose or corrupt it: never for a plant's records.
   */
  embeddedPgDurable: z.union([z.boolean(), z.stringbool()], 'must be true or false').default(true),
  jwtSecret: z.string().min(32, 'must be at least 32 characters').optional(),
  /** Signs the audit checkpoints kept outside the database; never stored in it. */
  auditKey: z.string().min(32, 'must be at least 32 characters').optional(),
  /** How often new audit rows are copied to the signed checkpoint file (seconds). */
  auditCheckpointSec: intFromEnv(1, 86400).default(60),
  accessTokenTtlSec: intFromEnv(30, 900).default(900),
  refreshTokenTtlSec: intFromEnv(300, 60 * 60 * 24 * 90).default(60 * 60 * 24 * 14),
  refreshReuseGraceSec: intFromEnv(0, 60).default(10),
  loginMaxFailuresPerUser: intFromEnv(1, 1000).default(10),
  loginFailureWindowSec: intFromEnv(10, 86400).default(900),
  loginMaxPerAddressPerMinute: intFromEnv(1, 100000).default(60),
  /** Public tag status page (/t/<token>): scans per client address per minute (a page polls every 5 s). */
  tagStatusMaxPerAddressPerMinute: intFromEnv(1, 10000000).default(240),
  trustProxy: trustProxySchema.default([]),
  /**
   * Load shedding (decision 0091-load-shedding): past this mean event-loop delay (ms, over the last
   * sample) requests answer 503 OVERLOADED with Retry-After instead of queueing; 0 turns it off.
   */
  maxEventLoopDelayMs: intFromEnv(0, 10_000).default(150),
  /** A second, optional signal: the loop's busy share over the last sample (0…1, e.g. 0.98); 0: not used. */
  maxEventLoopUtilization: z.coerce.number<string | number>().min(0).max(1).default(0),
  /** How often the loop is measured (ms): the shedding reacts within one interval. */
  overloadSampleMs: intFromEnv(10, 10_000).default(500),
  /** The Retry-After (s) a shed request is told; the web app waits that long and tries once more. */
  overloadRetryAfterSec: intFromEnv(1, 300).default(3),
  logLevel: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  webDist: z.string().default(''),
  /** Where permit attachments' files go (files named by id); empty: in the database (decision 0052). */
  attachmentsDir: z.string().default(''),
  /** The SMTP relay e-mail goes through (smtp:// or smtps://, user:password@ if it needs them); empty: no e-mail. */
  smtpUrl: z
    .string()
    .regex(/^smtps?:\/\/[^/\s]+\/?$/, 'must look like smtp://host:25 or smtps://user:password@host:465')
    .or(z.literal(''))
    .default(''),
  /** The sender of every e-mail (an address, or "Name <address>"). */
  mailFrom: z.string().min(3).max(320).default('Hasp <hasp@localhost>'),
  /** The address people open the app at (https://hasp.plant.example): links in e-mail start with it; empty: paths only. */
  publicUrl: z
    .string()
    .regex(/^https?:\/\/[^\s]+[^/\s]$/, 'must look like https://hasp.plant.example (no trailing slash)')
    .or(z.literal(''))
    .default(''),
  /** Loopback and private addresses webhooks may reach too (decision 0089); none by default. */
  connectAllowPrivateTargets: privateTargetsSchema.default([]),
  connections: z.array(connectionSchema).min(1, 'at least one connection is required'),
  defaultConnection: z.string().optional(),
});
export type Config = z.infer<typeof configSchema>;

/** Environment variable that feeds each setting (shown in error messages and the README). */
export const envNames: Record<keyof Config, string> = {
  port: 'PORT',
  host: 'HOST',
  dataDir: 'HASP_DATA_DIR',
  embeddedPgPort: 'HASP_EMBEDDED_PG_PORT',
  embeddedPgDurable: 'HASP_EMBEDDED_PG_DURABLE',
  jwtSecret: 'HASP_JWT_SECRET',
  auditKey: 'HASP_AUDIT_KEY',
  auditCheckpointSec: 'HASP_AUDIT_CHECKPOINT_SEC',
  accessTokenTtlSec: 'HASP_ACCESS_TOKEN_TTL_SEC',
  refreshTokenTtlSec: 'HASP_REFRESH_TOKEN_TTL_SEC',
  refreshReuseGraceSec: 'HASP_REFRESH_REUSE_GRACE_SEC',
  loginMaxFailuresPerUser: 'HASP_LOGIN_MAX_FAILURES',
  loginFailureWindowSec: 'HASP_LOGIN_FAILURE_WINDOW_SEC',
  loginMaxPerAddressPerMinute: 'HASP_LOGIN_MAX_PER_ADDRESS_PER_MINUTE',
  tagStatusMaxPerAddressPerMinute: 'HASP_TAG_STATUS_MAX_PER_ADDRESS_PER_MINUTE',
  trustProxy: 'HASP_TRUST_PROXY',
  maxEventLoopDelayMs: 'HASP_MAX_EVENT_LOOP_DELAY_MS',
  maxEventLoopUtilization: 'HASP_MAX_EVENT_LOOP_UTILIZATION',
  overloadSampleMs: 'HASP_OVERLOAD_SAMPLE_MS',
  overloadRetryAfterSec: 'HASP_OVERLOAD_RETRY_AFTER_SEC',
  logLevel: 'LOG_LEVEL',
  webDist: 'HASP_WEB_DIST',
  attachmentsDir: 'HASP_ATTACHMENTS_DIR',
  smtpUrl: 'HASP_SMTP_URL',
  mailFrom: 'HASP_MAIL_FROM',
  publicUrl: 'HASP_PUBLIC_URL',
  connectAllowPrivateTargets: 'HASP_CONNECT_ALLOW_PRIVATE_TARGETS',
  connections: 'HASP_CONNECTIONS',
  defaultConnection: 'HASP_DEFAULT_CONNECTION',
};

export class ConfigError extends Error {}

/**
 * Parses `HASP_CONNECTIONS`: comma-separated `Name` (embedded) or `Name=postgres://...`.
 * @example parseConnectionList('Demo,Plant 2=postgres://u:p@db/plant2')
 */
export function parseConnectionList(value: string): ConnectionConfig[] {
  return value
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean)
    .map((part) => {
      const eq = part.indexOf('=');
      return eq < 0 ? { name: part } : { name: part.slice(0, eq).trim(), url: part.slice(eq + 1).trim() };
    });
}

/** `HASP_OWNER_URLS` (`Name=postgres://owner…`, comma-separated): each connection's owner role for migrations. */
function addOwnerUrls(connections: ConnectionConfig[], value: string): void {
  for (const { name, url } of parseConnectionList(value)) {
    const connection = connections.find((c) => c.name.toLowerCase() === name.toLowerCase());
    if (!connection || !url) {
      throw new ConfigError(
        `Invalid configuration:\n  HASP_OWNER_URLS: "${name}" must be Name=postgres://… of one of the connections`,
      );
    }
    connection.ownerUrl = url;
  }
}

/**
 * Reads the configuration: defaults, then the JSON file (`HASP_CONFIG`, default `./hasp.config.json`
 * when present), then the environment. Throws ConfigError naming every wrong setting.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, cwd = process.cwd()): Config {
  const raw: Record<string, unknown> = {};
  const explicit = env.HASP_CONFIG; // '' means no file
  const file = explicit === undefined ? path.join(cwd, 'hasp.config.json') : path.resolve(cwd, explicit);
  if (explicit || (explicit === undefined && existsSync(file))) {
    try {
      Object.assign(raw, JSON.parse(readFileSync(file, 'utf8')) as object);
    } catch (error) {
      throw new ConfigError(`HASP_CONFIG (${file}): ${(error as Error).message}`);
    }
  }
  for (const [key, name] of Object.entries(envNames) as [keyof Config, string][]) {
    const value = env[name];
    if (value === undefined || value === '') continue;
    raw[key] = key === 'connections' ? parseConnectionList(value) : value;
  }
  if (raw.connections === undefined) raw.connections = [{ name: 'Demo', seedDemo: true }];
  if (env.HASP_OWNER_URLS) addOwnerUrls(raw.connections as ConnectionConfig[], env.HASP_OWNER_URLS);
  const parsed = configSchema.safeParse(raw);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => {
      const key = String(issue.path[0] ?? '') as keyof Config;
      const name = envNames[key] ?? key;
      const rest = issue.path.slice(1).join('.');
      return `${name}${rest ? ` (${rest})` : ''}: ${issue.message}`;
    });
    throw new ConfigError(`Invalid configuration:\n  ${lines.join('\n  ')}`);
  }
  const config = parsed.data;
  const names = config.connections.map((c) => c.name.toLowerCase());
  const duplicate = names.find((n, i) => names.indexOf(n) !== i);
  if (duplicate)
    throw new ConfigError(`Invalid configuration:\n  HASP_CONNECTIONS: duplicate connection name "${duplicate}"`);
  if (config.defaultConnection && !config.connections.some((c) => c.name === config.defaultConnection)) {
    throw new ConfigError(
      `Invalid configuration:\n  HASP_DEFAULT_CONNECTION: "${config.defaultConnection}" is not one of the connections`,
    );
  }
  return config;
}
