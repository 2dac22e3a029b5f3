// SAML 2.0 single sign-on: the service provider, its settings and the SSO token (docs/sso.md).

export { identityProviderSettings } from './sso-settings';
export { ssoRoutes } from './sso.routes';
export { expiredSsoJob } from './expired-sso.job';
export { SamlRefusal } from './saml-xml-guard';
export { SAML_CLOCK_SKEW_MS } from './saml-client';
export {
  checkForcedLogin,
  forcedLoginUrl,
  identityProviderName,
  registerSamlRelayHandler,
  relayStateFor,
  type ForcedLogin,
  type SamlRelayHandler,
} from './saml-reauthentication';
