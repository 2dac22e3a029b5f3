import { spawn, execFileSync, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

/**
 * A real OpenLDAP directory for tests: Debian's slapd on loopback ports with a throwaway config,
 * database and TLS certificate (its own CA). Plain node, no test framework: the server's vitest
 * files and the e2e specs both start it. `.ci/run` installs slapd.
 */

export const SLAPD = '/usr/sbin/slapd';
const SLAPADD = '/usr/sbin/slapadd';
const SUFFIX = 'dc=hasp,dc=test';

export interface DirectoryUser {
  uid: string;
  password: string;
  name: string;
}

/** The tree's people (ou=people): inetOrgPerson entries with uid and userPassword. */
export const directoryUsers = {
  alice: { uid: 'alice', password: 'alice-directory-pass', name: 'Alice Anders' },
  bob: { uid: 'bob', password: 'bob-directory-pass', name: 'Bob Brandt' },
  carol: { uid: 'carol', password: 'carol-directory-pass', name: 'Carol Castro' },
} satisfies Record<string, DirectoryUser>;

/** The service account allowed to search ou=people (anonymous searches find nobody). */
export const directoryServiceAccount = { dn: `cn=hasp-reader,${SUFFIX}`, password: 'reader-directory-pass' };

export interface TestDirectory {
  /** ldap://127.0.0.1:<port> (StartTLS available) */
  url: string;
  /** ldaps://127.0.0.1:<port> */
  ldapsUrl: string;
  baseDn: string;
  /** PEM of the CA that signed slapd's certificate (for 127.0.0.1). */
  caCertificate: string;
  /** Stops slapd (the directory becomes unreachable) and removes its files. Safe to call twice. */
  stop(): Promise<void>;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

function entry(dn: string, attributes: Record<string, string | string[]>): string {
  const lines = [`dn: ${dn}`];
  for (const [name, value] of Object.entries(attributes)) {
    for (const one of Array.isArray(value) ? value : [value]) lines.push(`${name}: ${one}`);
  }
  return lines.join('\n');
}

/** The small tree: the organisation, the service account, ou=people and its users. */
export function directoryLdif(users: readonly DirectoryUser[] = Object.values(directoryUsers)): string {
  const people = `ou=people,${SUFFIX}`;
  return [
    entry(SUFFIX, { objectClass: ['dcObject', 'organization'], dc: 'hasp', o: 'Hasp test directory' }),
    entry(directoryServiceAccount.dn, {
      objectClass: ['organizationalRole', 'simpleSecurityObject'],
      cn: 'hasp-reader',
      userPassword: directoryServiceAccount.password,
    }),
    entry(people, { objectClass: 'organizationalUnit', ou: 'people' }),
    ...users.map((user) =>
      entry(`uid=${user.uid},${people}`, {
        objectClass: 'inetOrgPerson',
        uid: user.uid,
        cn: user.name,
        sn: user.name.split(' ').at(-1)!,
        userPassword: user.password,
      }),
    ),
  ].join('\n\n');
}

function slapdConfig(dir: string): string {
  const schema = (name: string) => `include /etc/ldap/schema/${name}.schema`;
  return [
    schema('core'),
    schema('cosine'),
    schema('inetorgperson'),
    'modulepath /usr/lib/ldap',
    'moduleload back_mdb',
    `pidfile ${path.join(dir, 'slapd.pid')}`,
    `TLSCACertificateFile ${path.join(dir, 'ca.pem')}`,
    `TLSCertificateFile ${path.join(dir, 'server.pem')}`,
    `TLSCertificateKeyFile ${path.join(dir, 'server.key')}`,
    'database mdb',
    'maxsize 10485760',
    `suffix "${SUFFIX}"`,
    `rootdn "cn=admin,${SUFFIX}"`,
    `directory ${path.join(dir, 'db')}`,
    // Like a real directory: passwords are only usable to bind, and only signed-in accounts search.
    'access to attrs=userPassword by anonymous auth by * none',
    'access to * by users read by * none',
  ].join('\n');
}

/** A CA and a certificate for 127.0.0.1 signed by it (EC keys: quick to make). */
function makeCertificates(dir: string): void {
  const openssl = (...args: string[]) => execFileSync('openssl', args, { cwd: dir, stdio: 'pipe' });
  const ec = ['-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes'];
  openssl('req', '-x509', ...ec, '-keyout', 'ca.key', '-out', 'ca.pem', '-days', '2', '-subj', '/CN=Hasp test CA');
  openssl('req', ...ec, '-keyout', 'server.key', '-out', 'server.csr', '-subj', '/CN=127.0.0.1');
  writeFileSync(path.join(dir, 'san.ext'), 'subjectAltName=IP:127.0.0.1,DNS:localhost\n');
  openssl(
    'x509',
    '-req',
    '-in',
    'server.csr',
    '-CA',
    'ca.pem',
    '-CAkey',
    'ca.key',
    '-CAcreateserial',
    '-out',
    'server.pem',
    '-days',
    '2',
    '-extfile',
    'san.ext',
  );
}

async function waitForPort(port: number, child: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`slapd exited (${child.exitCode}): ${output()}`);
    const open = await new Promise<boolean>((resolve) => {
      const socket = net.connect(port, '127.0.0.1');
      socket.once('connect', () => {
        socket.destroy();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
    });
    if (open) return;
    if (Date.now() > deadline) throw new Error(`slapd did not listen on ${port}: ${output()}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Starts slapd with the small tree (about half a second). Call stop() when done. */
export async function startSlapd(users?: readonly DirectoryUser[]): Promise<TestDirectory> {
  const dir = mkdtempSync(path.join(tmpdir(), 'hasp-slapd-'));
  mkdirSync(path.join(dir, 'db'));
  makeCertificates(dir);
  const config = path.join(dir, 'slapd.conf');
  writeFileSync(config, slapdConfig(dir));
  writeFileSync(path.join(dir, 'tree.ldif'), directoryLdif(users));
  execFileSync(SLAPADD, ['-f', config, '-l', path.join(dir, 'tree.ldif')], { stdio: 'pipe' });
  const [port, ldapsPort] = [await freePort(), await freePort()];
  const url = `ldap://127.0.0.1:${port}`;
  const ldapsUrl = `ldaps://127.0.0.1:${ldapsPort}`;
  // -d 0: stay in the foreground (a child we can stop) without debug output.
  const child = spawn(SLAPD, ['-f', config, '-h', `${url}/ ${ldapsUrl}/`, '-d', '0'], { stdio: 'pipe' });
  let output = '';
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const killOnExit = () => child.kill('SIGKILL');
  process.once('exit', killOnExit);
  const stop = async () => {
    process.off('exit', killOnExit);
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    await Promise.all([waitForPort(port, child, () => output), waitForPort(ldapsPort, child, () => output)]);
  } catch (error) {
    await stop();
    throw error;
  }
  return { url, ldapsUrl, baseDn: SUFFIX, caCertificate: readFileSync(path.join(dir, 'ca.pem'), 'utf8'), stop };
}
