import { X509Certificate } from 'node:crypto';
import type { IdentityProviderSettings } from '@hasp/contracts';
import type { Connection } from '../../db/connections';
import { readSetting } from '../settings';

/** A connection's SAML settings, with the service provider's addresses derived from them. */
export interface SamlSettings {
  enabled: boolean;
  /** On and complete: entry point, issuer, at least one readable certificate and the base URL. */
  active: boolean;
  entryPoint: string;
  idpIssuer: string;
  /** The configured signing certificates, PEM, one per entry: the only keys ever trusted. */
  idpCertificates: string[];
  /** The service provider's entity ID (the audience of every assertion). */
  entityId: string;
  /** The assertion consumer service URL (the recipient and destination of every response). */
  acsUrl: string;
  usernameAttribute: string;
  /** What people call the identity provider (sso.idpName), possibly empty. */
  idpName: string;
  provisionUsers: boolean;
  provisionFacilityId: number;
}

export async function readSamlSettings(connection: Connection): Promise<SamlSettings> {
  const { db } = connection;
  const [
    enabled,
    entryPoint,
    idpIssuer,
    certificate,
    spBaseUrl,
    usernameAttribute,
    provisionUsers,
    facilityId,
    idpName,
  ] = await Promise.all([
    readSetting(db, 'sso.enabled'),
    readSetting(db, 'sso.idpEntryPoint'),
    readSetting(db, 'sso.idpIssuer'),
    readSetting(db, 'sso.idpCertificate'),
    readSetting(db, 'sso.spBaseUrl'),
    readSetting(db, 'sso.usernameAttribute'),
    readSetting(db, 'sso.provisionUsers'),
    readSetting(db, 'sso.provisionFacilityId'),
    readSetting(db, 'sso.idpName'),
  ]);
  const base = spBaseUrl.trim().replace(/\/+$/, '');
  const idpCertificates = parseCertificates(certificate);
  const complete = [entryPoint.trim(), idpIssuer.trim(), base].every(Boolean) && idpCertificates.length > 0;
  return {
    enabled,
    active: enabled && complete,
    entryPoint: entryPoint.trim(),
    idpIssuer: idpIssuer.trim(),
    idpCertificates,
    entityId: base && `${base}/api/saml/metadata/${encodeURIComponent(connection.name)}`,
    acsUrl: base && `${base}/api/saml/samllogin`,
    usernameAttribute: usernameAttribute.trim(),
    idpName: idpName.trim(),
    provisionUsers,
    provisionFacilityId: facilityId,
  };
}

/** The seed's identity-provider settings for the login screen. */
export async function identityProviderSettings(connection: Connection): Promise<IdentityProviderSettings> {
  const { active } = await readSamlSettings(connection);
  return {
    useSSO: active,
    stilUseSSO: active,
    spAPIRedirect: active ? `/api/saml/login?connectionStringName=${encodeURIComponent(connection.name)}` : '',
  };
}

/**
 * PEM blocks (or one bare base64 certificate, as some identity providers download it) that Node
 * can read as X.509; anything unreadable is dropped, so a broken paste switches SSO off.
 */
function parseCertificates(text: string): string[] {
  const blocks = text.match(/-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/g) ?? [];
  const bare = text.replace(/\s+/g, '');
  const candidates = blocks.length > 0 || !bare ? blocks : [toPem(bare)];
  return candidates.filter((pem) => {
    try {
      new X509Certificate(pem);
      return true;
    } catch {
      return false;
    }
  });
}

function toPem(base64: string): string {
  return `-----BEGIN CERTIFICATE-----\n${base64.match(/.{1,64}/g)!.join('\n')}\n-----END CERTIFICATE-----`;
}
