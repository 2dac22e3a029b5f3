import { execFileSync } from 'node:child_process';
import { generateKeyPairSync, randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { inflateRawSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { SignedXml } from 'xml-crypto';
import type { Database } from '../src/db/schema';
import { writeSetting } from './support/write-setting';

/**
 * A throwaway identity provider for the SAML tests: keys and self-signed certificates, responses
 * minted and signed with xml-crypto, as a real identity provider would send them.
 */
export interface KeyPair {
  privateKey: string;
  cert: string;
}

/**
 * Keys come from node:crypto; node:crypto cannot create X.509 certificates, so `openssl req -x509`
 * wraps each public key in a self-signed certificate, in a temporary folder removed at once.
 */
export function throwawayKeyPair(commonName: string): KeyPair {
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const pem = privateKey.export({ type: 'pkcs8', format: 'pem' }) as string;
  const dir = mkdtempSync(path.join(tmpdir(), 'hasp-saml-'));
  try {
    writeFileSync(path.join(dir, 'key.pem'), pem);
    execFileSync(
      'openssl',
      ['req', '-x509', '-key', 'key.pem', '-out', 'cert.pem', '-days', '2', '-subj', `/CN=${commonName}`],
      {
        cwd: dir,
        stdio: 'ignore',
      },
    );
    return { privateKey: pem, cert: readFileSync(path.join(dir, 'cert.pem'), 'utf8') };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export const IDP_ISSUER = 'https://idp.test/entity';
export const SP_BASE = 'https://hasp.test';
export const ACS_URL = `${SP_BASE}/api/saml/samllogin`;
export const spEntityId = (connection: string) => `${SP_BASE}/api/saml/metadata/${connection}`;

/** Turns single sign-on on for a connection, trusting `cert`. */
export async function configureSso(db: Kysely<Database>, cert: string, extra: Record<string, unknown> = {}) {
  const admin = await db.selectFrom('users').select('id').where('user_name', '=', 'admin').executeTakeFirstOrThrow();
  const values: Record<string, unknown> = {
    'sso.enabled': true,
    'sso.idpEntryPoint': 'https://idp.test/sso',
    'sso.idpIssuer': IDP_ISSUER,
    'sso.idpCertificate': cert,
    'sso.spBaseUrl': SP_BASE,
    ...extra,
  };
  for (const [key, value] of Object.entries(values)) {
    await writeSetting(db, { key, value, facilityId: null, userId: admin.id, auditFacilityId: null });
  }
}

/** Starts a sign-in like a browser would and returns the AuthnRequest's ID (for InResponseTo). */
export async function startSignIn(app: FastifyInstance, connection = 'Demo'): Promise<string> {
  const response = await app.inject({ url: `/api/saml/login?connectionStringName=${connection}` });
  if (response.statusCode !== 302) throw new Error(`saml/login answered ${response.statusCode}`);
  const request = new URL(response.headers.location!).searchParams.get('SAMLRequest')!;
  const xml = inflateRawSync(Buffer.from(request, 'base64')).toString('utf8');
  return /\sID="([^"]+)"/.exec(xml)![1]!;
}

export interface AssertionFields {
  /** The AuthnRequest answered; null mints an unsolicited (IdP-initiated) response without InResponseTo. */
  inResponseTo: string | null;
  nameId?: string;
  attributes?: Record<string, string>;
  issuer?: string;
  audience?: string;
  recipient?: string;
  destination?: string;
  notBefore?: Date;
  notOnOrAfter?: Date;
  assertionId?: string;
  connection?: string;
  /** When the user signed in at the IdP (AuthnStatement); default: notBefore. */
  authnInstant?: Date;
}

const iso = (date: Date) => date.toISOString();
const inResponseToAttribute = (id: string | null) => (id === null ? '' : `InResponseTo="${id}"`);

/** An unsigned Response with one Assertion; every field valid unless overridden. */
export function responseXml(fields: AssertionFields): string {
  const now = Date.now();
  const notBefore = fields.notBefore ?? new Date(now - 30_000);
  const notOnOrAfter = fields.notOnOrAfter ?? new Date(now + 5 * 60_000);
  const issuer = fields.issuer ?? IDP_ISSUER;
  const attributes = Object.entries(fields.attributes ?? {})
    .map(
      ([name, value]) =>
        `<saml:Attribute Name="${name}"><saml:AttributeValue>${value}</saml:AttributeValue></saml:Attribute>`,
    )
    .join('');
  return (
    `<samlp:Response xmlns:samlp="urn:oasis:names:tc:SAML:2.0:protocol" xmlns:saml="urn:oasis:names:tc:SAML:2.0:assertion" ` +
    `ID="_r${randomUUID()}" Version="2.0" IssueInstant="${iso(new Date(now))}" Destination="${fields.destination ?? ACS_URL}" ` +
    `${inResponseToAttribute(fields.inResponseTo)}><saml:Issuer>${issuer}</saml:Issuer>` +
    `<samlp:Status><samlp:StatusCode Value="urn:oasis:names:tc:SAML:2.0:status:Success"/></samlp:Status>` +
    assertionXml({ ...fields, notBefore, notOnOrAfter, issuer, attributes }) +
    `</samlp:Response>`
  );
}

function assertionXml(
  f: Omit<AssertionFields, 'attributes'> & { notBefore: Date; notOnOrAfter: Date; issuer: string; attributes: string },
) {
  return (
    `<saml:Assertion xmlns:saml="urn:oasis:names:tc:SAML:2.0:assertion" ID="${f.assertionId ?? `_a${randomUUID()}`}" ` +
    `Version="2.0" IssueInstant="${iso(new Date(f.notBefore.getTime() + 30_000))}"><saml:Issuer>${f.issuer}</saml:Issuer>` +
    `<saml:Subject><saml:NameID Format="urn:oasis:names:tc:SAML:1.1:nameid-format:unspecified">${f.nameId ?? 'admin'}</saml:NameID>` +
    `<saml:SubjectConfirmation Method="urn:oasis:names:tc:SAML:2.0:cm:bearer"><saml:SubjectConfirmationData ` +
    `${inResponseToAttribute(f.inResponseTo)} NotOnOrAfter="${iso(f.notOnOrAfter)}" Recipient="${f.recipient ?? ACS_URL}"/>` +
    `</saml:SubjectConfirmation></saml:Subject>` +
    `<saml:Conditions NotBefore="${iso(f.notBefore)}" NotOnOrAfter="${iso(f.notOnOrAfter)}"><saml:AudienceRestriction>` +
    `<saml:Audience>${f.audience ?? spEntityId(f.connection ?? 'Demo')}</saml:Audience></saml:AudienceRestriction></saml:Conditions>` +
    `<saml:AuthnStatement AuthnInstant="${iso(f.authnInstant ?? f.notBefore)}" SessionIndex="_s1"><saml:AuthnContext><saml:AuthnContextClassRef>` +
    `urn:oasis:names:tc:SAML:2.0:ac:classes:PasswordProtectedTransport</saml:AuthnContextClassRef></saml:AuthnContext>` +
    `</saml:AuthnStatement>` +
    (f.attributes ? `<saml:AttributeStatement>${f.attributes}</saml:AttributeStatement>` : '') +
    `</saml:Assertion>`
  );
}

const ASSERTION = "//*[local-name(.)='Assertion']";
const RESPONSE = "/*[local-name(.)='Response']";

export const RSA_SHA256 = 'http://www.w3.org/2001/04/xmldsig-more#rsa-sha256';
export const RSA_SHA1 = 'http://www.w3.org/2000/09/xmldsig#rsa-sha1';
export const SHA256 = 'http://www.w3.org/2001/04/xmlenc#sha256';
export const SHA1 = 'http://www.w3.org/2000/09/xmldsig#sha1';

/**
 * Signs an element (the first Assertion, or the Response) with an enveloped signature after its
 * Issuer: RSA-SHA256 over a SHA-256 digest unless other algorithms are asked for.
 */
export function sign(
  xml: string,
  keys: KeyPair,
  what: 'assertion' | 'response',
  algorithms: { signature?: string; digest?: string } = {},
): string {
  const target = what === 'assertion' ? ASSERTION : RESPONSE;
  const sig = new SignedXml({
    privateKey: keys.privateKey,
    publicCert: keys.cert,
    signatureAlgorithm: algorithms.signature ?? RSA_SHA256,
    canonicalizationAlgorithm: 'http://www.w3.org/2001/10/xml-exc-c14n#',
  });
  sig.addReference({
    xpath: what === 'assertion' ? `(${ASSERTION})[1]` : RESPONSE,
    digestAlgorithm: algorithms.digest ?? SHA256,
    transforms: ['http://www.w3.org/2000/09/xmldsig#enveloped-signature', 'http://www.w3.org/2001/10/xml-exc-c14n#'],
  });
  sig.computeSignature(xml, {
    prefix: 'ds',
    location: { reference: `(${target})[1]/*[local-name(.)='Issuer']`, action: 'after' },
  });
  return sig.getSignedXml();
}

export const b64 = (xml: string) => Buffer.from(xml, 'utf8').toString('base64');

/** The signed Assertion element of a signed response, as text. */
export function assertionOf(xml: string): string {
  return /<saml:Assertion\b[\s\S]*<\/saml:Assertion>/.exec(xml)![0];
}
