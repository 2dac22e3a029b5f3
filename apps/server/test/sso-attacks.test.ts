import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SAML_CLOCK_SKEW_MS, samlClient } from '../src/modules/sso/saml-client';
import { readSamlSettings } from '../src/modules/sso/sso-settings';
import { writeSetting } from './support/write-setting';
import {
  RSA_SHA1,
  SHA1,
  SP_BASE,
  assertionOf,
  b64,
  configureSso,
  responseXml,
  sign,
  startSignIn,
  throwawayKeyPair,
  type KeyPair,
} from './sso-idp';
import { DEMO_PASSWORD, createTestApp, type TestApp } from './test-app';

/**
 * The SAML attack corpus (quality bar R11–R13): responses minted here with throwaway keys, each
 * posted to the ACS. Every attack must be refused (no token, an sso_failed auth event naming the
 * check that caught it), or, for edits outside the signed bytes, must at most sign in the user the
 * signed bytes name; every control must be accepted as the user its signed bytes name.
 */
let t: TestApp;
let idp: KeyPair;
let attacker: KeyPair;
let canary: Canary;
const db = () => t.connections[0]!.db;

/** A loopback HTTP server an XXE would have to reach: it counts every connection made to it. */
interface Canary {
  url: string;
  connections: number;
  requests: number;
  server: Server;
}

async function startCanary(): Promise<Canary> {
  const server = createServer((request, response) => {
    state.requests += 1;
    response.end('<!ENTITY leaked "canary">');
  });
  const state: Canary = { url: '', connections: 0, requests: 0, server };
  server.on('connection', () => (state.connections += 1));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  state.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return state;
}

/** A full garbage collection before a memory reading, when V8 lets us have one. */
const collectGarbage: () => void = (() => {
  try {
    setFlagsFromString('--expose-gc');
    return runInNewContext('gc') as () => void;
  } catch {
    return () => undefined;
  }
})();

beforeAll(async () => {
  t = await createTestApp();
  idp = throwawayKeyPair('hasp-test-idp');
  attacker = throwawayKeyPair('hasp-test-attacker');
  canary = await startCanary();
  await configureSso(db(), idp.cert);
  // A deactivated account and one locked by too many wrong passwords, both with facility 1.
  const worker = await db()
    .selectFrom('users')
    .select('password_hash')
    .where('user_name', '=', 'worker')
    .executeTakeFirstOrThrow();
  for (const [userName, changes] of [
    ['retired.worker', { is_active: false }],
    ['locked.worker', { locked_at: new Date() }],
  ] as const) {
    const user = await db()
      .insertInto('users')
      .values({ user_name: userName, display_name: userName, password_hash: worker.password_hash, ...changes })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db().insertInto('user_facilities').values({ user_id: user.id, facility_id: 1 }).execute();
  }
});
afterAll(async () => {
  await new Promise((resolve) => canary.server.close(resolve));
  await t.close();
});

interface Posted {
  samlResponse: string;
  /** Posted as the identity provider's HTML form with this RelayState; otherwise as JSON to connection Demo. */
  relayState?: string;
}

async function post({ samlResponse, relayState }: Posted) {
  if (relayState === undefined) {
    return t.app.inject({
      method: 'POST',
      url: '/api/saml/samllogin',
      payload: { samlResponse, connectionStringName: 'Demo' },
    });
  }
  return t.app.inject({
    method: 'POST',
    url: '/api/saml/samllogin',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ SAMLResponse: samlResponse, RelayState: relayState }).toString(),
  });
}
const count = async (table: 'sso_tokens' | 'auth_events', kind?: string) => {
  let query = db()
    .selectFrom(table as 'auth_events')
    .select((eb) => eb.fn.countAll<number>().as('n'));
  if (kind) query = query.where('kind', '=', kind as 'sso_failed');
  return Number((await query.executeTakeFirstOrThrow()).n);
};
const latestEvent = (kind: 'sso_failed' | 'sso_succeeded') =>
  db()
    .selectFrom('auth_events')
    .select(['user_name', 'detail'])
    .where('kind', '=', kind)
    .orderBy('id', 'desc')
    .executeTakeFirst();
async function setSetting(key: string, value: unknown) {
  const admin = await db().selectFrom('users').select('id').where('user_name', '=', 'admin').executeTakeFirstOrThrow();
  await writeSetting(db(), { key, value, facilityId: null, userId: admin.id, auditFacilityId: null });
}
const signedAssertion = (xml: string, keys = idp) => sign(xml, keys, 'assertion');
const signedBoth = (xml: string) => sign(sign(xml, idp, 'assertion'), idp, 'response');
const digestOf = (xml: string) => /<ds:DigestValue>([^<]+)<\/ds:DigestValue>/.exec(xml)![1]!;
const signedInfoOf = (xml: string) => /<ds:SignedInfo>[\s\S]*?<\/ds:SignedInfo>/.exec(xml)![0];
const after = (xml: string, marker: string, insert: string) => xml.replace(marker, marker + insert);
const minutes = (n: number) => new Date(Date.now() + n * 60_000);
const seconds = (n: number) => new Date(Date.now() + n * 1000);
const json = (xml: string): Posted => ({ samlResponse: b64(xml) });

/** A signed assertion for `worker` and an unsigned one for `admin` answering the same request. */
async function wrappingParts() {
  const id = await startSignIn(t.app);
  const signed = signedAssertion(responseXml({ inResponseTo: id, nameId: 'worker' }));
  const evil = assertionOf(responseXml({ inResponseTo: id, nameId: 'admin' }));
  return { id, signed, evil, signedAssertionXml: assertionOf(signed) };
}

/**
 * The same assertion for `worker`, genuinely signed, and for `admin`, signed with the attacker's
 * key: identical but for the NameID, so the attacker's SignedInfo holds the right digest of the
 * admin assertion (only its SignatureValue is worthless).
 */
async function genuineAndForged() {
  const fields = {
    inResponseTo: await startSignIn(t.app),
    assertionId: `_forged-${Date.now()}`,
    notBefore: minutes(-1),
    notOnOrAfter: minutes(5),
  };
  return {
    genuine: signedAssertion(responseXml({ ...fields, nameId: 'worker' })),
    forged: signedAssertion(responseXml({ ...fields, nameId: 'admin' }), attacker),
  };
}

type AttackClass =
  | 'signature'
  | 'signature wrapping'
  | 'NameID injection'
  | 'outside the signed bytes'
  | 'assertion semantics'
  | 'account'
  | 'RelayState'
  | 'XML resources';

interface Attack {
  class: AttackClass;
  build: () => Promise<Posted>;
  /** The refusal reason recorded in auth_events: pins the check that must catch this attack. */
  reason?: RegExp;
  /** The HTTP status expected (default: a 401 for JSON, a 303 to ssoError for a form). */
  status?: number;
  /** The user name the refusal must name: the text of the signed bytes, never the injected one. */
  refusedUser?: string;
  /**
   * Edits outside the signed bytes: a refusal, or a sign-in of exactly this user (the one the
   * signed bytes name), are the only acceptable outcomes; never the user the edit names.
   */
  verifiedUser?: string;
  settings?: Record<string, unknown>;
}

const SHA1_REFUSED = /SHA-1/;
const DTD_REFUSED = /DTD or entity declaration refused/;

const attacks: Record<string, Attack> = {
  // Signatures: none, the wrong key, weak algorithms, and the xml-crypto CVEs.
  'unsigned response': {
    class: 'signature',
    build: async () => json(responseXml({ inResponseTo: await startSignIn(t.app) })),
    reason: /Invalid signature/,
  },
  'unsigned assertion in a signed response': {
    class: 'signature',
    build: async () => json(sign(responseXml({ inResponseTo: await startSignIn(t.app) }), idp, 'response')),
    reason: /Invalid signature/,
  },
  'certificate in KeyInfo that is not the configured one (CVE-2024-32962)': {
    class: 'signature',
    build: async () => json(signedAssertion(responseXml({ inResponseTo: await startSignIn(t.app) }), attacker)),
    reason: /Invalid signature/,
  },
  'comment inside DigestValue (CVE-2025-29775)': {
    class: 'signature',
    build: async () => {
      const { genuine, forged } = await genuineAndForged();
      const original = digestOf(genuine);
      return json(
        genuine
          .replace('>worker</saml:NameID>', '>admin</saml:NameID>')
          .replace(`>${original}<`, `><!--${digestOf(forged)}-->${original}<`),
      );
    },
    reason: /Invalid signature/,
  },
  'second SignedInfo after the genuine one (CVE-2025-29774)': {
    class: 'signature',
    build: async () => {
      const { genuine, forged } = await genuineAndForged();
      const signedInfo = signedInfoOf(genuine);
      return json(
        genuine
          .replace('>worker</saml:NameID>', '>admin</saml:NameID>')
          .replace(signedInfo, signedInfo + signedInfoOf(forged)),
      );
    },
  },
  'second SignedInfo before the genuine one (CVE-2025-29774)': {
    class: 'signature',
    build: async () => {
      const { genuine, forged } = await genuineAndForged();
      const signedInfo = signedInfoOf(genuine);
      return json(
        genuine
          .replace('>worker</saml:NameID>', '>admin</saml:NameID>')
          .replace(signedInfo, signedInfoOf(forged) + signedInfo),
      );
    },
  },
  'second SignedInfo without Transforms (node-saml counts 2 transforms: xml-crypto must refuse it)': {
    class: 'signature',
    build: async () => {
      const { genuine, forged } = await genuineAndForged();
      const signedInfo = signedInfoOf(genuine);
      const bare = signedInfoOf(forged).replace(/<ds:Transforms>[\s\S]*<\/ds:Transforms>/, '');
      return json(
        genuine.replace('>worker</saml:NameID>', '>admin</saml:NameID>').replace(signedInfo, signedInfo + bare),
      );
    },
    reason: /multiple SignedInfo/,
  },
  'RSA-SHA1 signature by the trusted key': {
    class: 'signature',
    build: async () =>
      json(sign(responseXml({ inResponseTo: await startSignIn(t.app) }), idp, 'assertion', { signature: RSA_SHA1 })),
    reason: SHA1_REFUSED,
  },
  'SHA-1 digest under an RSA-SHA256 signature by the trusted key': {
    class: 'signature',
    build: async () =>
      json(sign(responseXml({ inResponseTo: await startSignIn(t.app) }), idp, 'assertion', { digest: SHA1 })),
    reason: SHA1_REFUSED,
  },
  'RSA-SHA1 signature over a SHA-1 digest, algorithm names as character references': {
    class: 'signature',
    build: async () => {
      const xml = sign(responseXml({ inResponseTo: await startSignIn(t.app) }), idp, 'assertion', {
        signature: RSA_SHA1,
        digest: SHA1,
      });
      // The same attribute values to any XML parser; a plain text match for "sha1" would miss them.
      return json(xml.replaceAll('xmldsig#rsa-sha1"', 'xmldsig#rsa-sh&#x61;1"').replaceAll('#sha1"', '#sh&#97;1"'));
    },
    reason: SHA1_REFUSED,
  },

  // Signature wrapping (XSW): a signed assertion for worker, an unsigned one for admin.
  'wrapping: extra assertion before the signed one': {
    class: 'signature wrapping',
    build: async () => {
      const { signed, evil } = await wrappingParts();
      return json(signed.replace('<saml:Assertion ', `${evil}<saml:Assertion `));
    },
  },
  'wrapping: extra assertion after the signed one': {
    class: 'signature wrapping',
    build: async () => {
      const { signed, evil } = await wrappingParts();
      return json(signed.replace('</saml:Assertion>', `</saml:Assertion>${evil}`));
    },
  },
  'wrapping: signed assertion moved into Extensions': {
    class: 'signature wrapping',
    build: async () => {
      const { signed, evil, signedAssertionXml } = await wrappingParts();
      const moved = signed.replace(signedAssertionXml, evil);
      return json(after(moved, '</saml:Issuer>', `<samlp:Extensions>${signedAssertionXml}</samlp:Extensions>`));
    },
  },
  'wrapping: signed assertion moved into the signature Object of an evil one': {
    class: 'signature wrapping',
    build: async () => {
      const { signed, evil, signedAssertionXml } = await wrappingParts();
      const signature = /<ds:Signature[\s\S]*<\/ds:Signature>/.exec(signedAssertionXml)![0];
      const bare = signedAssertionXml.replace(signature, '');
      const carried = signature.replace('</ds:Signature>', `<ds:Object>${bare}</ds:Object></ds:Signature>`);
      return json(signed.replace(signedAssertionXml, after(evil, '</saml:Issuer>', carried)));
    },
  },
  'wrapping: evil assertion wrapping the signed one': {
    class: 'signature wrapping',
    build: async () => {
      const { signed, evil, signedAssertionXml } = await wrappingParts();
      const wrapper = evil.replace('</saml:Assertion>', `${signedAssertionXml}</saml:Assertion>`);
      return json(signed.replace(signedAssertionXml, wrapper));
    },
  },

  // Text inside the signed NameID that a careless reader would cut short at "admin".
  'comment inside NameID': {
    class: 'NameID injection',
    build: async () => {
      const signed = signedAssertion(responseXml({ inResponseTo: await startSignIn(t.app), nameId: 'admin.evil' }));
      // Canonicalization drops comments: the signature still holds for "admin.evil".
      return json(signed.replace('>admin.evil</saml:NameID>', '>admin<!---->.evil</saml:NameID>'));
    },
    reason: /unknown user/,
    refusedUser: 'admin.evil',
  },
  'processing instruction inserted into the signed NameID': {
    class: 'NameID injection',
    build: async () => {
      const signed = signedAssertion(responseXml({ inResponseTo: await startSignIn(t.app), nameId: 'admin.evil' }));
      return json(signed.replace('>admin.evil</saml:NameID>', '>admin<?evil ignore?>.evil</saml:NameID>'));
    },
    reason: /Invalid signature/,
  },
  'processing instruction inside NameID, signed over': {
    class: 'NameID injection',
    build: async () =>
      json(
        signedAssertion(responseXml({ inResponseTo: await startSignIn(t.app), nameId: 'admin<?evil ignore?>.evil' })),
      ),
    reason: /unknown user/,
    // xml-crypto's canonical form renders the instruction's data as text, and the user name is read
    // from those canonical signed bytes: "adminignore.evil", never the "admin" before the instruction.
    refusedUser: 'adminignore.evil',
  },

  // Edits of the unsigned Response around a genuinely signed assertion for worker (CVE-2025-54369/54419).
  'second Subject naming admin placed in the Response, outside the signed assertion': {
    class: 'outside the signed bytes',
    build: async () => {
      const { signed } = await wrappingParts();
      const subject = '<saml:Subject><saml:NameID>admin</saml:NameID></saml:Subject>';
      return json(after(signed, '</samlp:Status>', subject));
    },
    verifiedUser: 'worker',
  },
  'NameID admin in the Response Extensions': {
    class: 'outside the signed bytes',
    build: async () => {
      const { signed } = await wrappingParts();
      const extensions = '<samlp:Extensions><saml:NameID>admin</saml:NameID></samlp:Extensions>';
      return json(after(signed, '</saml:Issuer>', extensions));
    },
    verifiedUser: 'worker',
  },
  'unsigned assertion for admin in the Response Extensions beside the signed one': {
    class: 'outside the signed bytes',
    build: async () => {
      const { signed, evil } = await wrappingParts();
      return json(after(signed, '</saml:Issuer>', `<samlp:Extensions>${evil}</samlp:Extensions>`));
    },
    verifiedUser: 'worker',
  },
  'user-name attribute for admin outside the signed assertion': {
    class: 'outside the signed bytes',
    build: async () => {
      const id = await startSignIn(t.app);
      const signed = signedAssertion(
        responseXml({ inResponseTo: id, nameId: 'opaque-1', attributes: { uid: 'worker' } }),
      );
      const statement =
        '<saml:AttributeStatement><saml:Attribute Name="uid"><saml:AttributeValue>admin</saml:AttributeValue>' +
        '</saml:Attribute></saml:AttributeStatement>';
      return json(after(signed, '</samlp:Status>', statement));
    },
    verifiedUser: 'worker',
    settings: { 'sso.usernameAttribute': 'uid' },
  },
  'attributes added to the Response naming admin': {
    class: 'outside the signed bytes',
    build: async () => {
      const { signed } = await wrappingParts();
      return json(signed.replace('<samlp:Response ', '<samlp:Response NameID="admin" saml:NameID="admin" '));
    },
    verifiedUser: 'worker',
  },
  'both signed, then the Response edited (its signature broken, the assertion intact)': {
    class: 'outside the signed bytes',
    build: async () => {
      const id = await startSignIn(t.app);
      const signed = signedBoth(responseXml({ inResponseTo: id, nameId: 'worker' }));
      return json(after(signed, '</samlp:Status>', '<saml:Subject><saml:NameID>admin</saml:NameID></saml:Subject>'));
    },
    verifiedUser: 'worker',
  },
  'Response InResponseTo swapped for another pending request': {
    class: 'outside the signed bytes',
    build: async () => {
      const { id, signed } = await wrappingParts();
      const other = await startSignIn(t.app);
      return json(signed.replace(`InResponseTo="${id}"><saml:Issuer>`, `InResponseTo="${other}"><saml:Issuer>`));
    },
    reason: /InResponseTo does not match/,
  },

  // What the signed assertion says, checked against this request, this SP and the clock.
  'expired 10 minutes ago': {
    class: 'assertion semantics',
    build: async () =>
      json(
        signedAssertion(
          responseXml({ inResponseTo: await startSignIn(t.app), notBefore: minutes(-60), notOnOrAfter: minutes(-10) }),
        ),
      ),
  },
  'expired 5 s beyond the clock skew': {
    class: 'assertion semantics',
    build: async () =>
      json(
        signedAssertion(
          responseXml({
            inResponseTo: await startSignIn(t.app),
            notBefore: minutes(-5),
            notOnOrAfter: new Date(Date.now() - SAML_CLOCK_SKEW_MS - 5_000),
          }),
        ),
      ),
  },
  'not yet valid': {
    class: 'assertion semantics',
    build: async () =>
      json(
        signedAssertion(
          responseXml({ inResponseTo: await startSignIn(t.app), notBefore: minutes(10), notOnOrAfter: minutes(20) }),
        ),
      ),
  },
  'wrong audience': {
    class: 'assertion semantics',
    build: async () =>
      json(signedAssertion(responseXml({ inResponseTo: await startSignIn(t.app), audience: 'https://evil.test/sp' }))),
    reason: /audience mismatch/,
  },
  'wrong recipient': {
    class: 'assertion semantics',
    build: async () =>
      json(
        signedAssertion(responseXml({ inResponseTo: await startSignIn(t.app), recipient: 'https://evil.test/acs' })),
      ),
    reason: /wrong recipient/,
  },
  'wrong destination': {
    class: 'assertion semantics',
    build: async () =>
      json(signedBoth(responseXml({ inResponseTo: await startSignIn(t.app), destination: 'https://evil.test/acs' }))),
    reason: /wrong destination/,
  },
  'wrong issuer': {
    class: 'assertion semantics',
    build: async () =>
      json(signedAssertion(responseXml({ inResponseTo: await startSignIn(t.app), issuer: 'https://evil-idp.test' }))),
    reason: /unexpected issuer/,
  },
  'replayed response': {
    class: 'assertion semantics',
    build: async () => {
      const response = json(signedAssertion(responseXml({ inResponseTo: await startSignIn(t.app), nameId: 'worker' })));
      expect((await post(response)).statusCode).toBe(200);
      return response;
    },
  },
  'assertion ID used again in a fresh response': {
    class: 'assertion semantics',
    build: async () => {
      const assertionId = '_used-once';
      const first = signedAssertion(
        responseXml({ inResponseTo: await startSignIn(t.app), nameId: 'worker', assertionId }),
      );
      expect((await post(json(first))).statusCode).toBe(200);
      return json(
        signedAssertion(responseXml({ inResponseTo: await startSignIn(t.app), nameId: 'worker', assertionId })),
      );
    },
    reason: /already used/,
  },
  'unknown InResponseTo': {
    class: 'assertion semantics',
    build: async () => json(signedAssertion(responseXml({ inResponseTo: '_never-requested' }))),
    reason: /InResponseTo is not valid/,
  },
  'unsolicited response (no InResponseTo), properly signed': {
    class: 'assertion semantics',
    build: async () => json(signedAssertion(responseXml({ inResponseTo: null, nameId: 'worker' }))),
    reason: /InResponseTo is missing/,
  },

  // The account the signed bytes name.
  'deactivated user': {
    class: 'account',
    build: async () =>
      json(signedAssertion(responseXml({ inResponseTo: await startSignIn(t.app), nameId: 'retired.worker' }))),
    reason: /user is not active/,
    refusedUser: 'retired.worker',
  },
  'unknown user, provisioning off': {
    class: 'account',
    build: async () =>
      json(signedAssertion(responseXml({ inResponseTo: await startSignIn(t.app), nameId: 'stranger' }))),
    reason: /unknown user \(provisioning is off\)/,
    refusedUser: 'stranger',
  },

  // RelayState only ever names a connection: a valid response with a foreign target goes nowhere else.
  'RelayState: absolute URL of a foreign host': {
    class: 'RelayState',
    build: async () => ({
      ...json(signedAssertion(responseXml({ inResponseTo: await startSignIn(t.app), nameId: 'worker' }))),
      relayState: 'https://evil.test/phish',
    }),
  },
  'RelayState: protocol-relative URL': {
    class: 'RelayState',
    build: async () => ({
      ...json(signedAssertion(responseXml({ inResponseTo: await startSignIn(t.app), nameId: 'worker' }))),
      relayState: '//evil.test/phish',
    }),
  },
  'RelayState: backslash path to a foreign host': {
    class: 'RelayState',
    build: async () => ({
      ...json(signedAssertion(responseXml({ inResponseTo: await startSignIn(t.app), nameId: 'worker' }))),
      relayState: '/\\evil.test/phish',
    }),
  },

  // Resource exhaustion and external references (R13); also measured for time, memory and the canary.
  'XML bomb (billion laughs)': {
    class: 'XML resources',
    build: async () => {
      const entities = Array.from({ length: 9 }, (_, i) => `<!ENTITY l${i + 1} "${`&l${i};`.repeat(10)}">`).join('');
      const doctype = `<?xml version="1.0"?><!DOCTYPE samlp:Response [<!ENTITY l0 "lol">${entities}]>`;
      return json(doctype + responseXml({ inResponseTo: await startSignIn(t.app), nameId: '&l9;' }));
    },
    reason: DTD_REFUSED,
  },
  'external entity (file:///etc/passwd)': {
    class: 'XML resources',
    build: async () => {
      const doctype = '<?xml version="1.0"?><!DOCTYPE r [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>';
      const signed = signedAssertion(responseXml({ inResponseTo: await startSignIn(t.app), nameId: 'placeholder' }));
      return json(doctype + signed.replace('>placeholder<', '>&xxe;<'));
    },
    reason: DTD_REFUSED,
  },
  'external DTD on the loopback canary': {
    class: 'XML resources',
    build: async () => {
      const doctype = `<?xml version="1.0"?><!DOCTYPE samlp:Response SYSTEM "${canary.url}/evil.dtd">`;
      return json(doctype + signedAssertion(responseXml({ inResponseTo: await startSignIn(t.app) })));
    },
    reason: DTD_REFUSED,
  },
  'external entity on the loopback canary': {
    class: 'XML resources',
    build: async () => {
      const doctype = `<?xml version="1.0"?><!DOCTYPE r [<!ENTITY xxe SYSTEM "${canary.url}/entity">]>`;
      const signed = signedAssertion(responseXml({ inResponseTo: await startSignIn(t.app), nameId: 'placeholder' }));
      return json(doctype + signed.replace('>placeholder<', '>&xxe;<'));
    },
    reason: DTD_REFUSED,
  },
  'parameter entity on the loopback canary (out-of-band XXE)': {
    class: 'XML resources',
    build: async () => {
      const doctype = `<?xml version="1.0"?><!DOCTYPE r [<!ENTITY % remote SYSTEM "${canary.url}/oob">%remote;]>`;
      return json(doctype + signedAssertion(responseXml({ inResponseTo: await startSignIn(t.app) })));
    },
    reason: DTD_REFUSED,
  },
  'response over 256 KB': {
    class: 'XML resources',
    build: async () => json(responseXml({ inResponseTo: await startSignIn(t.app), nameId: 'x'.repeat(300 * 1024) })),
    status: 413,
  },
};

/**
 * Posts and measures: wall time, and the largest RSS growth over the call (sampled every
 * millisecond, the reading afterwards, and any new lifetime peak of the process, which catches a
 * spike between two samples or while the event loop was blocked). Garbage is collected first.
 */
async function postMeasured(posted: Posted) {
  collectGarbage();
  const before = process.memoryUsage().rss;
  const maxRssBefore = process.resourceUsage().maxRSS;
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 1);
  const started = performance.now();
  const response = await post(posted).finally(() => clearInterval(sampler));
  const ms = performance.now() - started;
  const newPeak = (process.resourceUsage().maxRSS - maxRssBefore) * 1024;
  const rssGrowth = Math.max(peak - before, process.memoryUsage().rss - before, newPeak, 0);
  return { response, ms, rssGrowth };
}

/** What the settings an attack or control changes are put back to. */
const SETTING_DEFAULTS: Record<string, unknown> = {
  'sso.usernameAttribute': '',
  'sso.provisionUsers': false,
  'sso.provisionFacilityId': 0,
};
async function withSettings<T>(settings: Record<string, unknown> | undefined, work: () => Promise<T>): Promise<T> {
  for (const [key, value] of Object.entries(settings ?? {})) await setSetting(key, value);
  try {
    return await work();
  } finally {
    for (const key of Object.keys(settings ?? {})) await setSetting(key, SETTING_DEFAULTS[key]);
  }
}

const MB = 1024 * 1024;

describe('SAML attack corpus', () => {
  it('refuses every attack, never signs in an identity the signed bytes do not name, and accepts every control', async () => {
    const byClass = new Map<AttackClass, { rejected: number; neutralised: number }>();
    const lines: string[] = [];
    let rejected = 0;
    let neutralised = 0;
    for (const [name, attack] of Object.entries(attacks)) {
      const {
        posted,
        before,
        response,
        ms: elapsed,
        rssGrowth,
      } = await withSettings(attack.settings, async () => {
        // Counted after building: building a replay signs in once, legitimately.
        const built = await attack.build();
        const counts = {
          tokens: await count('sso_tokens'),
          failures: await count('auth_events', 'sso_failed'),
          successes: await count('auth_events', 'sso_succeeded'),
        };
        return { posted: built, before: counts, ...(await postMeasured(built)) };
      });

      const tally = byClass.get(attack.class) ?? { rejected: 0, neutralised: 0 };
      byClass.set(attack.class, tally);
      const signedIn = (await count('auth_events', 'sso_succeeded')) > before.successes;
      if (attack.verifiedUser && signedIn) {
        // Accepted: only as the user of the verified bytes, never as the one the edit named.
        expect(response.statusCode, name).toBe(200);
        expect((await latestEvent('sso_succeeded'))?.user_name, name).toBe(attack.verifiedUser);
        tally.neutralised += 1;
        neutralised += 1;
        lines.push(`[${attack.class}] ${name} → signed in as ${attack.verifiedUser} (the verified bytes), not admin`);
        continue;
      }
      expect(signedIn, `${name} signed someone in`).toBe(false);
      expect(await count('sso_tokens'), name).toBe(before.tokens);
      if (posted.relayState !== undefined) {
        // The form answer: back to our own login screen, never to the RelayState's host.
        expect(response.statusCode, name).toBe(303);
        const location = response.headers.location!;
        expect(location, name).toMatch(/^\/login\?/);
        expect(new URL(location, SP_BASE).origin, name).toBe(SP_BASE);
        expect(new URL(location, SP_BASE).searchParams.get('ssoError'), name).toBe('1');
        expect(location, name).not.toContain('ssoToken');
        lines.push(`[${attack.class}] ${name} → ${response.statusCode} ${location}`);
      } else {
        expect(response.statusCode, `${name}: ${response.body}`).toBe(attack.status ?? 401);
        expect(response.body, name).not.toContain('token"');
        expect(await count('auth_events', 'sso_failed'), name).toBe(before.failures + 1);
        const event = await latestEvent('sso_failed');
        if (attack.reason) expect(event?.detail, name).toMatch(attack.reason);
        if (attack.refusedUser) expect(event?.user_name, name).toBe(attack.refusedUser);
        lines.push(
          `[${attack.class}] ${name} → ${response.statusCode} (${event?.detail}, ${Math.round(elapsed)} ms, ` +
            `RSS +${(rssGrowth / MB).toFixed(1)} MB)`,
        );
      }
      if (attack.class === 'XML resources') {
        expect(elapsed, `${name}: refused in < 4 s`).toBeLessThan(4000);
        expect(rssGrowth, `${name}: RSS growth < 50 MB`).toBeLessThan(50 * MB);
      }
      tally.rejected += 1;
      rejected += 1;
    }
    expect(canary.connections, 'connections the XML parser made to the canary').toBe(0);
    expect(canary.requests).toBe(0);

    const controls: Record<
      string,
      { xml: (id: string) => string; user: string; settings?: Record<string, unknown>; relayState?: string }
    > = {
      'signed assertion': { xml: (id) => signedAssertion(responseXml({ inResponseTo: id })), user: 'admin' },
      'signed response and assertion': {
        xml: (id) => signedBoth(responseXml({ inResponseTo: id, nameId: 'SUPERVISOR' })),
        user: 'supervisor',
      },
      'user named by an attribute': {
        xml: (id) =>
          signedAssertion(responseXml({ inResponseTo: id, nameId: 'opaque-123', attributes: { uid: 'worker' } })),
        user: 'worker',
        settings: { 'sso.usernameAttribute': 'uid' },
      },
      'unknown user provisioned': {
        xml: (id) => signedAssertion(responseXml({ inResponseTo: id, nameId: 'new.sso.user' })),
        user: 'new.sso.user',
        settings: { 'sso.provisionUsers': true, 'sso.provisionFacilityId': 1 },
      },
      'expired 20 s ago, within the clock skew': {
        xml: (id) =>
          signedAssertion(
            responseXml({
              inResponseTo: id,
              nameId: 'worker',
              notBefore: minutes(-5),
              notOnOrAfter: seconds(-20),
            }),
          ),
        user: 'worker',
      },
      'locked-out user (too many wrong passwords)': {
        xml: (id) => signedAssertion(responseXml({ inResponseTo: id, nameId: 'locked.worker' })),
        user: 'locked.worker',
      },
      'identity provider form with RelayState = the connection': {
        xml: (id) => signedAssertion(responseXml({ inResponseTo: id, nameId: 'worker' })),
        user: 'worker',
        relayState: 'Demo',
      },
    };
    const accepted: string[] = [];
    for (const [name, control] of Object.entries(controls)) {
      const response = await withSettings(control.settings, async () =>
        post({ samlResponse: b64(control.xml(await startSignIn(t.app))), relayState: control.relayState }),
      );
      if (control.relayState === undefined) {
        expect(response.statusCode, `${name}: ${response.body}`).toBe(200);
      } else {
        expect(response.statusCode, name).toBe(303);
        const location = new URL(response.headers.location!, SP_BASE);
        expect(location.origin, name).toBe(SP_BASE);
        expect(location.pathname, name).toBe('/login');
        expect(location.searchParams.get('ssoToken'), name).toBeTruthy();
      }
      expect((await latestEvent('sso_succeeded'))?.user_name, name).toBe(control.user);
      accepted.push(name);
    }
    const provisioned = await db()
      .selectFrom('users')
      .innerJoin('user_facilities', 'user_facilities.user_id', 'users.id')
      .select(['users.password_hash', 'user_facilities.facility_id'])
      .where('users.user_name', '=', 'new.sso.user')
      .execute();
    expect(provisioned).toEqual([{ password_hash: null, facility_id: 1 }]);

    console.log(`SAML corpus:\n  ${lines.join('\n  ')}`);
    const classes = [...byClass].map(
      ([name, tally]) =>
        `${name}: ${tally.rejected} rejected` +
        (tally.neutralised ? `, ${tally.neutralised} signed in as the verified user` : ''),
    );
    console.log(`SAML corpus by class:\n  ${classes.join('\n  ')}`);
    console.log(
      `SAML corpus: ${rejected} attacks rejected, ${neutralised} edits outside the signed bytes ignored ` +
        `(identity from the verified bytes), ${accepted.length} controls accepted; canary connections: ${canary.connections}`,
    );
    expect(rejected + neutralised).toBe(Object.keys(attacks).length);
    expect(accepted).toHaveLength(Object.keys(controls).length);
  });
});

describe('accounts', () => {
  it('lets a locked-out user finish an SSO sign-in, but not a password sign-in; a deactivated user neither', async () => {
    const password = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { connectionStringName: 'Demo', facilityId: 1, username: 'locked.worker', password: DEMO_PASSWORD },
    });
    expect(password.statusCode).toBe(401);
    const passwordRefusal = await db()
      .selectFrom('auth_events')
      .select('detail')
      .where('kind', '=', 'login_failed')
      .where('user_name', '=', 'locked.worker')
      .orderBy('id', 'desc')
      .executeTakeFirst();
    expect(passwordRefusal?.detail, 'refused for the lock, not a wrong password').toBe('locked');

    const acs = await post(
      json(signedAssertion(responseXml({ inResponseTo: await startSignIn(t.app), nameId: 'locked.worker' }))),
    );
    expect(acs.statusCode, acs.body).toBe(200);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/login/sso',
      payload: { connectionStringName: 'Demo', facilityId: 1, token: acs.json<{ token: string }>().token },
    });
    expect(login.statusCode, login.body).toBe(200);
    expect(login.json()).toMatchObject({ user: { userName: 'locked.worker' }, loggedInViaSSO: true });

    // Deactivated between the identity provider's answer and the sign-in: the token is refused.
    const acs2 = await post(
      json(signedAssertion(responseXml({ inResponseTo: await startSignIn(t.app), nameId: 'locked.worker' }))),
    );
    await db().updateTable('users').set({ is_active: false }).where('user_name', '=', 'locked.worker').execute();
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/login/sso',
      payload: { connectionStringName: 'Demo', facilityId: 1, token: acs2.json<{ token: string }>().token },
    });
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toMatchObject({ code: 'INVALID_CREDENTIALS' });
  });
});

describe('clock skew (R12)', () => {
  it('is at most 120 s, and is what node-saml is configured with', async () => {
    const settings = await readSamlSettings(t.connections[0]!);
    const configured = samlClient(db(), settings).options.acceptedClockSkewMs;
    console.log(`SAML clock skew: ${configured / 1000} s (limit 120 s)`);
    expect(configured).toBe(SAML_CLOCK_SKEW_MS);
    expect(configured).toBeGreaterThan(0);
    expect(configured).toBeLessThanOrEqual(120_000);
  });
});
