import type { Profile } from '@node-saml/node-saml';
import { SAML_CLOCK_SKEW_MS } from './saml-client';
import { SamlRefusal } from './saml-xml-guard';
import type { SamlSettings } from './sso-settings';

/** An xml2js node as node-saml parses the verified assertion: attributes in `$`, text in `_`. */
interface XmlNode {
  $?: Record<string, string>;
  _?: string;
  [child: string]: XmlNode[] | Record<string, string> | string | undefined;
}

export interface AcceptedAssertion {
  assertionId: string;
  /** Until when the assertion could be presented: its ID is remembered that long. */
  expiresAt: Date;
  userName: string;
  /** When the identity provider says the user authenticated (AuthnStatement), if it says. */
  authnInstant: Date | null;
}

const BEARER = 'urn:oasis:names:tc:SAML:2.0:cm:bearer';
const children = (node: XmlNode | undefined, name: string): XmlNode[] => (node?.[name] as XmlNode[] | undefined) ?? [];

/**
 * What node-saml 5.1 does not check on the signed assertion (it already checked signatures,
 * audience, InResponseTo against our requests, and the time windows it finds): the issuer, a
 * bearer confirmation addressed to our ACS URL answering our request, Conditions with an end,
 * and the user name. Reads only the verified assertion node-saml hands back.
 */
export function checkAssertion(profile: Profile, settings: SamlSettings, now: Date): AcceptedAssertion {
  const assertion = (profile.getAssertion?.() as { Assertion?: XmlNode } | undefined)?.Assertion;
  if (!assertion) throw new SamlRefusal('no signed assertion');
  const assertionId = assertion.$?.ID;
  if (!assertionId) throw new SamlRefusal('assertion without ID');
  const issuer = children(assertion, 'Issuer')[0]?._?.trim();
  if (issuer !== settings.idpIssuer) throw new SamlRefusal(`unexpected issuer "${issuer ?? ''}"`);

  const confirmations = children(children(assertion, 'Subject')[0], 'SubjectConfirmation')
    .filter((c) => c.$?.Method === BEARER)
    .map((c) => children(c, 'SubjectConfirmationData')[0]?.$ ?? {});
  const confirmation = confirmations.find((data) => data.Recipient === settings.acsUrl);
  if (!confirmation) throw new SamlRefusal('no bearer confirmation for our ACS URL (wrong recipient)');
  if (!profile.inResponseTo || confirmation.InResponseTo !== profile.inResponseTo) {
    throw new SamlRefusal('confirmation does not answer our request (InResponseTo)');
  }
  const confirmationEnd = timeOf(confirmation.NotOnOrAfter);
  const conditions = children(assertion, 'Conditions')[0]?.$ ?? {};
  const conditionsEnd = timeOf(conditions.NotOnOrAfter);
  if (!confirmationEnd || !conditionsEnd) throw new SamlRefusal('assertion without NotOnOrAfter');
  const end = Math.max(confirmationEnd, conditionsEnd);
  if (now.getTime() >= Math.min(confirmationEnd, conditionsEnd) + SAML_CLOCK_SKEW_MS) {
    throw new SamlRefusal('assertion expired');
  }
  const notBefore = timeOf(conditions.NotBefore);
  if (notBefore && now.getTime() + SAML_CLOCK_SKEW_MS < notBefore) throw new SamlRefusal('assertion not yet valid');

  const userName = userNameOf(profile, settings.usernameAttribute);
  if (!userName) throw new SamlRefusal(`no user name in ${settings.usernameAttribute || 'NameID'}`);
  const instant = timeOf(children(assertion, 'AuthnStatement')[0]?.$?.AuthnInstant);
  return {
    assertionId,
    expiresAt: new Date(end + SAML_CLOCK_SKEW_MS),
    userName,
    authnInstant: instant === null ? null : new Date(instant),
  };
}

function timeOf(value: string | undefined): number | null {
  const ms = value ? Date.parse(value) : NaN;
  return Number.isNaN(ms) ? null : ms;
}

function userNameOf(profile: Profile, attribute: string): string {
  const raw: unknown = attribute
    ? (profile.attributes as Record<string, unknown> | undefined)?.[attribute]
    : profile.nameID;
  const value = Array.isArray(raw) ? (raw as unknown[])[0] : raw;
  return typeof value === 'string' ? value.trim().slice(0, 200) : '';
}
