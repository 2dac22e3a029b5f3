// The sso module's public surface: other modules, plugins/, app.ts, server.ts and db/seed
// import only from here (eslint: server module boundaries, decision 0027).
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
