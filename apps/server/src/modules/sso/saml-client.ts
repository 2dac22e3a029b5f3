import { SAML, ValidateInResponseTo, type SamlConfig } from '@node-saml/node-saml';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { SAML_REQUEST_TTL_MS, SamlRequestCache } from './saml-request-cache';
import type { SamlSettings } from './sso-settings';

/** Clock difference tolerated between the identity provider and us. */
export const SAML_CLOCK_SKEW_MS = 60_000;
export const NAMEID_UNSPECIFIED = 'urn:oasis:names:tc:SAML:1.1:nameid-format:unspecified';

/**
 * node-saml configured for one connection. The settings that matter for safety:
 * - idpCert: only the configured certificates (a certificate inside the message is never used);
 * - wantAssertionsSigned: the assertion itself must carry a valid signature, even inside a
 *   signed response (wantAuthnResponseSigned stays off: Entra ID and ADFS sign the assertion only);
 * - audience = our entity ID; InResponseTo always checked against the requests we stored.
 */
export function samlClient(db: Kysely<Database>, settings: SamlSettings, extra: Partial<SamlConfig> = {}): SAML {
  return new SAML({
    entryPoint: settings.entryPoint,
    issuer: settings.entityId,
    callbackUrl: settings.acsUrl,
    audience: settings.entityId,
    idpCert: settings.idpCertificates,
    idpIssuer: settings.idpIssuer,
    wantAssertionsSigned: true,
    wantAuthnResponseSigned: false,
    acceptedClockSkewMs: SAML_CLOCK_SKEW_MS,
    validateInResponseTo: ValidateInResponseTo.always,
    requestIdExpirationPeriodMs: SAML_REQUEST_TTL_MS,
    cacheProvider: new SamlRequestCache(db),
    identifierFormat: NAMEID_UNSPECIFIED,
    // Asking for a password context would break Windows sign-in and MFA at ADFS and Entra ID.
    disableRequestedAuthnContext: true,
    // A signing's forced login (ForceAuthn, its own request ID): saml-reauthentication.ts.
    ...extra,
  });
}
