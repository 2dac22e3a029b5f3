import { identityProviderSettingsSchema, type IdentityProviderSettings, type LoginPageData } from '@hasp/contracts';
import { apiRequest } from '../../../lib/http';
import { seedLoginData, useLoginRequest } from './login-request';

/** Settings change rarely; a connection chosen again within a minute is not asked twice. */
const IDP_SETTINGS_STALE_MS = 60_000;

const idpSettingsKey = (connectionStringName: string) => `saml/idpgetsettings:${connectionStringName}`;

/** Whether a connection signs in through its identity provider (the seed's saml/idpgetsettings). */
function getIdpSettings(connectionStringName: string): Promise<IdentityProviderSettings> {
  return apiRequest('saml/idpgetsettings', { query: { connectionStringName }, schema: identityProviderSettingsSchema });
}

/** The chosen connection's SSO settings; the page data already carries the default connection's. */
export function useIdpSettings(connectionStringName: string, pageData: LoginPageData) {
  if (connectionStringName && connectionStringName === pageData.defaultConnectionStringName) {
    seedLoginData(idpSettingsKey(connectionStringName), pageData.identityProviderSettings);
  }
  return useLoginRequest(
    connectionStringName ? idpSettingsKey(connectionStringName) : null,
    () => getIdpSettings(connectionStringName),
    IDP_SETTINGS_STALE_MS,
  );
}
