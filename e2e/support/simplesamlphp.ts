import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

/**
 * A real SAML 2.0 identity provider for the end-to-end tests: SimpleSAMLphp 1.19 from Debian's
 * `simplesamlphp` package, served by PHP's built-in web server on a free loopback port. Everything it
 * needs (a throwaway signing key and certificate, config.php, authsources.php, the metadata of the
 * IdP and of Hasp's SP) is written to a temporary folder that SIMPLESAMLPHP_CONFIG_DIR points at, and
 * deleted again by stop(). `.ci/run` installs the packages on a fresh machine.
 */

const SIMPLESAMLPHP_WWW = '/usr/share/simplesamlphp/www';
const START_TIMEOUT_MS = 15_000;

/** The IdP's own users (exampleauth:UserPass): each `uid` names the Hasp user; one is unknown to Hasp. */
export const idpPassword = 'idp-e2e-2026';
export const idpUsers = {
  /** Hasp's demo supervisor: two facilities, so the login screen offers the choice. */
  supervisor: { username: 'supervisor', uid: 'supervisor' },
  /** Hasp's demo worker: one facility. */
  worker: { username: 'worker', uid: 'worker' },
  /** A Hasp user without a password (created by the spec): signs permits by signing in again here. */
  signer: { username: 'sso-signer', uid: 'sso-signer' },
  /** Signs in at the IdP, but no Hasp user has that name. */
  stranger: { username: 'stranger', uid: 'nobody-at-hasp' },
} as const;

export interface IdentityProvider {
  /** e.g. http://127.0.0.1:40123 */
  baseUrl: string;
  /** The IdP's entity ID (sso.idpIssuer). */
  entityId: string;
  /** Single sign-on URL, HTTP-Redirect binding (sso.idpEntryPoint). */
  ssoUrl: string;
  /** The signing certificate, PEM (sso.idpCertificate). */
  certificate: string;
  /** SimpleSAMLphp's own log, for a failing test's report. */
  log: () => string;
  stop: () => Promise<void>;
}

export interface ServiceProvider {
  /** The address users reach Hasp at (sso.spBaseUrl). */
  baseUrl: string;
  connectionStringName: string;
}

/** Whether this machine can run the IdP (Debian: `apt-get install simplesamlphp php-cli php-xml php-mbstring php-curl`). */
export function simpleSamlPhpInstalled(): boolean {
  if (!existsSync(path.join(SIMPLESAMLPHP_WWW, 'saml2/idp/SSOService.php'))) return false;
  try {
    execFileSync('php', ['-r', 'exit(extension_loaded("dom") && extension_loaded("mbstring") ? 0 : 1);']);
    return true;
  } catch {
    return false;
  }
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

/** A PHP string literal (single quotes): the values are ours, but paths may hold anything. */
const php = (value: string) => `'${value.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;

/** The SP's entity ID and ACS URL, as the contract defines them (docs/sso.md). */
export function spEndpoints(sp: ServiceProvider) {
  return {
    entityId: `${sp.baseUrl}/api/saml/metadata/${encodeURIComponent(sp.connectionStringName)}`,
    acsUrl: `${sp.baseUrl}/api/saml/samllogin`,
  };
}

/** A throwaway RSA key and self-signed certificate: the IdP signs with them, Hasp trusts only that certificate. */
function makeSigningKey(dir: string): { key: string; cert: string } {
  const key = path.join(dir, 'idp.key');
  const cert = path.join(dir, 'idp.crt');
  execFileSync(
    'openssl',
    ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-sha256', '-days', '2', '-subj', '/CN=hasp-e2e-idp'].concat([
      '-keyout',
      key,
      '-out',
      cert,
    ]),
    { stdio: 'ignore', env: { ...process.env, RANDFILE: path.join(dir, '.rnd') } },
  );
  return { key, cert };
}

function writeConfig(dir: string, baseUrl: string, sp: ServiceProvider): { certificate: string; entityId: string } {
  const folder = (name: string) => {
    const full = path.join(dir, name);
    mkdirSync(full, { recursive: true });
    return full;
  };
  const [config, metadata, cert, log, tmp, sessions] = ['config', 'metadata', 'cert', 'log', 'tmp', 'sessions'].map(
    folder,
  ) as [string, string, string, string, string, string];
  const signing = makeSigningKey(cert);
  const entityId = `${baseUrl}/saml2/idp/metadata.php`;
  const { entityId: spEntityId, acsUrl } = spEndpoints(sp);

  writeFileSync(
    path.join(config, 'config.php'),
    `<?php
$config = [
  'baseurlpath' => ${php(`${baseUrl}/`)},
  'certdir' => ${php(`${cert}/`)},
  'loggingdir' => ${php(`${log}/`)},
  'datadir' => ${php(`${tmp}/`)},
  'tempdir' => ${php(`${tmp}/`)},
  'metadatadir' => ${php(`${metadata}/`)},
  'metadata.sources' => [['type' => 'flatfile']],
  'secretsalt' => ${php(randomBytes(24).toString('hex'))},
  'auth.adminpassword' => ${php(randomBytes(24).toString('hex'))},
  'admin.protectindexpage' => true,
  'admin.protectmetadata' => false,
  'technicalcontact_name' => 'Hasp e2e',
  'technicalcontact_email' => 'e2e@hasp.invalid',
  'timezone' => 'UTC',
  'logging.level' => SimpleSAML\\Logger::INFO,
  'logging.handler' => 'file',
  'logging.logfile' => 'simplesamlphp.log',
  'enable.saml20-idp' => true,
  'module.enable' => ['exampleauth' => true, 'core' => true, 'saml' => true, 'admin' => true],
  'store.type' => 'phpsession',
  'session.phpsession.savepath' => ${php(sessions)},
  // Plain http on loopback: the default (SameSite=None) needs Secure, which Chromium would refuse here.
  'session.cookie.samesite' => 'Lax',
  'session.cookie.secure' => false,
  'language.available' => ['en'],
];
`,
  );

  const users = Object.values(idpUsers)
    .map((user) => `    ${php(`${user.username}:${idpPassword}`)} => ['uid' => [${php(user.uid)}]],`)
    .join('\n');
  writeFileSync(
    path.join(config, 'authsources.php'),
    `<?php
$config = [
  'admin' => ['core:AdminPassword'],
  'hasp-e2e-users' => [
    'exampleauth:UserPass',
${users}
  ],
];
`,
  );

  writeFileSync(
    path.join(metadata, 'saml20-idp-hosted.php'),
    `<?php
$metadata[${php(entityId)}] = [
  'host' => '__DEFAULT__',
  'privatekey' => ${php(signing.key)},
  'certificate' => ${php(signing.cert)},
  'auth' => 'hasp-e2e-users',
];
`,
  );

  // Hasp's SP: the NameID (format unspecified) and the uid attribute both carry the Hasp user name;
  // the whole Response and the Assertion are signed.
  writeFileSync(
    path.join(metadata, 'saml20-sp-remote.php'),
    `<?php
$metadata[${php(spEntityId)}] = [
  'AssertionConsumerService' => ${php(acsUrl)},
  'NameIDFormat' => 'urn:oasis:names:tc:SAML:1.1:nameid-format:unspecified',
  'simplesaml.nameidattribute' => 'uid',
  'saml20.sign.response' => true,
  'saml20.sign.assertion' => true,
];
`,
  );
  return { certificate: readFileSync(signing.cert, 'utf8'), entityId };
}

async function waitUntilAnswering(url: string, exited: () => string | null): Promise<void> {
  const deadline = Date.now() + START_TIMEOUT_MS;
  for (;;) {
    const exit = exited();
    if (exit !== null) throw new Error(`SimpleSAMLphp exited while starting: ${exit}`);
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(2_000) });
      if (response.ok) return;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) throw new Error(`SimpleSAMLphp did not answer at ${url} within ${START_TIMEOUT_MS} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * Starts SimpleSAMLphp for one Hasp connection; resolves once it answers.
 * @example const idp = await startSimpleSamlPhp({ baseUrl: e2eBaseUrl, connectionStringName: 'SSO' });
 */
export async function startSimpleSamlPhp(sp: ServiceProvider): Promise<IdentityProvider> {
  if (!simpleSamlPhpInstalled()) {
    throw new Error('SimpleSAMLphp is missing: apt-get install simplesamlphp php-cli php-xml php-mbstring php-curl');
  }
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const dir = mkdtempSync(path.join(tmpdir(), 'hasp-idp-'));
  const { certificate, entityId } = writeConfig(dir, baseUrl, sp);
  const output: string[] = [];
  // PHP's built-in server resolves /module.php/... and /saml2/idp/SSOService.php itself (PATH_INFO):
  // no router script is needed.
  const server = spawn('php', ['-S', `127.0.0.1:${port}`, '-t', SIMPLESAMLPHP_WWW], {
    cwd: dir,
    env: { ...process.env, SIMPLESAMLPHP_CONFIG_DIR: path.join(dir, 'config') },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let exit: string | null = null;
  const exited = new Promise<void>((resolve) => {
    server.once('exit', (code, signal) => {
      exit = `code ${code ?? '-'}, signal ${signal ?? '-'}\n${output.join('').slice(-2_000)}`;
      resolve();
    });
  });
  const keep = (chunk: Buffer) => {
    output.push(chunk.toString());
    if (output.length > 200) output.shift();
  };
  server.stdout.on('data', keep);
  server.stderr.on('data', keep);

  const stop = async () => {
    if (exit === null) {
      server.kill('SIGTERM');
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5_000))]);
      if (exit === null) server.kill('SIGKILL');
    }
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    await waitUntilAnswering(`${baseUrl}/saml2/idp/metadata.php`, () => exit);
  } catch (error) {
    await stop();
    throw error;
  }
  return {
    baseUrl,
    entityId,
    ssoUrl: `${baseUrl}/saml2/idp/SSOService.php`,
    certificate,
    log: () => {
      try {
        return readFileSync(path.join(dir, 'log', 'simplesamlphp.log'), 'utf8');
      } catch {
        return output.join('');
      }
    },
    stop,
  };
}
