import type { IdentityProviderSettings } from '@hasp/contracts';

/**
 * Single sign-on is not configured yet (it arrives with the SAML issue), so every connection
 * answers "off". The shape is the seed's, so the login screen already follows it.
 */
export function identityProviderSettings(): IdentityProviderSettings {
  return { useSSO: false, stilUseSSO: false, spAPIRedirect: '' };
}
