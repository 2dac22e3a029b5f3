/** Largest SAML response accepted, on the wire and once decoded. */
export const SAML_BODY_LIMIT = 256 * 1024;

export class SamlRefusal extends Error {}

/**
 * Decodes a base64 SAML response and refuses what must never reach an XML parser: anything over
 * the size limit, and any document type declaration or entity (billion laughs, external entities
 * such as file:///etc/passwd). SAML never needs a DTD, so refusing them outright is safe, and it
 * costs one scan of the text, whatever the entities would have expanded to.
 */
export function decodeSamlResponse(base64: string): string {
  if (base64.length > SAML_BODY_LIMIT) throw new SamlRefusal('response too large');
  const xml = Buffer.from(base64, 'base64').toString('utf8');
  if (!xml.trimStart().startsWith('<')) throw new SamlRefusal('response is not XML');
  if (/<!DOCTYPE|<!ENTITY|<!ELEMENT|<!ATTLIST/i.test(xml)) throw new SamlRefusal('DTD or entity declaration refused');
  return xml;
}

/**
 * The only algorithms a signature may name (xml-crypto would also accept SHA-1, which is no longer
 * collision resistant): RSA with SHA-256 or SHA-512, SHA-256 or SHA-512 digests, and the
 * canonicalizations and transforms SAML signatures use.
 */
const ALLOWED_ALGORITHMS = new Set([
  'http://www.w3.org/2001/04/xmldsig-more#rsa-sha256',
  'http://www.w3.org/2001/04/xmldsig-more#rsa-sha512',
  'http://www.w3.org/2007/05/xmldsig-more#sha256-rsa-MGF1',
  'http://www.w3.org/2001/04/xmlenc#sha256',
  'http://www.w3.org/2001/04/xmlenc#sha512',
  'http://www.w3.org/2001/10/xml-exc-c14n#',
  'http://www.w3.org/2001/10/xml-exc-c14n#WithComments',
  'http://www.w3.org/TR/2001/REC-xml-c14n-20010315',
  'http://www.w3.org/TR/2001/REC-xml-c14n-20010315#WithComments',
  'http://www.w3.org/2000/09/xmldsig#enveloped-signature',
]);
const ALGORITHM_ATTRIBUTE = /\bAlgorithm\s*=\s*(?:"([^"]*)"|'([^']*)')/g;
const PREDEFINED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

/**
 * Refuses a response whose signatures name an algorithm outside the allow-list, SHA-1 above all.
 * Every `Algorithm="…"` in the text is checked, wherever it stands, with character references
 * decoded as an XML parser would (`rsa-sh&#97;1` is `rsa-sha1`). A match that swallowed another
 * attribute cannot be an allowed URI, so hiding one attribute inside another only gets refused.
 */
export function refuseWeakAlgorithms(xml: string): void {
  for (const match of xml.matchAll(ALGORITHM_ATTRIBUTE)) {
    const algorithm = decodeReferences(match[1] ?? match[2] ?? '');
    if (ALLOWED_ALGORITHMS.has(algorithm)) continue;
    if (/sha-?1(?![0-9])/i.test(algorithm)) throw new SamlRefusal(`SHA-1 signature refused (${algorithm})`);
    throw new SamlRefusal(`signature algorithm not allowed (${algorithm.slice(0, 200)})`);
  }
}

function decodeReferences(value: string): string {
  return value.replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z]+);/gi, (whole, ref: string) => {
    if (ref[0] !== '#') return PREDEFINED[ref] ?? whole;
    const code = ref[1] === 'x' || ref[1] === 'X' ? parseInt(ref.slice(2), 16) : parseInt(ref.slice(1), 10);
    return code <= 0x10ffff ? String.fromCodePoint(code) : whole;
  });
}

/**
 * The Destination of the (possibly unsigned) Response element, when it has one. Only a
 * plausibility check: the binding check is the signed assertion's Recipient.
 */
export function responseDestination(xml: string): string | null {
  const root = /<(?:[\w.-]+:)?Response\b([^>]*)>/.exec(xml);
  const destination = root && /\sDestination\s*=\s*("([^"]*)"|'([^']*)')/.exec(root[1]!);
  return destination ? (destination[2] ?? destination[3] ?? '') : null;
}
