import type { Connection } from '../../db/connections';
import type { ClientInfo } from '../auth';
import { samlClient } from './saml-client';
import { SamlRefusal } from './saml-xml-guard';
import { readSamlSettings } from './sso-settings';
import { validateSamlResponse } from './sso.service';

/**
 * Signing in again at the identity provider for one purpose (a signature, decision 0059), as
 * opposed to opening a session: the AuthnRequest carries ForceAuthn="true" and an ID chosen by the
 * caller (bound to its purpose), and the answer comes back to the one ACS URL, which hands it to the
 * handler registered for its RelayState's prefix.
 */

/** A purpose's handler of the identity provider's answer; resolves with where the browser goes next. */
export interface SamlRelayHandler {
  /** RelayState prefix, e.g. `sign:` (a sign-in's RelayState is a bare connection name). */
  prefix: string;
  accept(answer: { connection: Connection; samlResponse: string; key: string; client: ClientInfo }): Promise<string>;
}

const handlers: SamlRelayHandler[] = [];

/** One handler per prefix: the latest registration (the latest app's clock) wins. */
export function registerSamlRelayHandler(handler: SamlRelayHandler): void {
  const index = handlers.findIndex((h) => h.prefix === handler.prefix);
  if (index >= 0) handlers.splice(index, 1);
  handlers.push(handler);
}

/**
 * The RelayState of a forced login: the purpose's prefix, its key (base64url: no dot) and the
 * connection name, e.g. `sign:Xy3…_Q.Demo` (well under the 80 bytes SAML asks for, with short names).
 */
export const relayStateFor = (prefix: string, key: string, connection: Connection): string =>
  `${prefix}${key}.${connection.name}`;

/** The handler, key and connection name a RelayState names, if it is a purpose's. */
export function parseRelayState(
  relayState: string | undefined,
): { handler: SamlRelayHandler; key: string; connectionName: string } | undefined {
  const handler = relayState === undefined ? undefined : handlers.find((h) => relayState.startsWith(h.prefix));
  if (!handler) return undefined;
  const rest = relayState!.slice(handler.prefix.length);
  const dot = rest.indexOf('.');
  if (dot < 1) return undefined;
  return { handler, key: rest.slice(0, dot), connectionName: rest.slice(dot + 1) };
}

/** What the identity provider said about a forced login, once every sign-in check has passed. */
export interface ForcedLogin {
  /** The Hasp user name it vouched for (NameID or the configured attribute). */
  userName: string;
  /** When the user authenticated, as the identity provider says; null when it does not say. */
  authnInstant: Date | null;
  /** The AuthnRequest it answered (checked against our stored requests already). */
  inResponseTo: string;
  issuer: string;
}

/** The identity provider's name people know (sso.idpName), or its sign-in address's host. */
export async function identityProviderName(connection: Connection): Promise<string | null> {
  const settings = await readSamlSettings(connection);
  if (!settings.active) return null;
  if (settings.idpName) return settings.idpName;
  try {
    return new URL(settings.entryPoint).host;
  } catch {
    return settings.idpIssuer;
  }
}

/**
 * The identity provider's sign-in URL for a forced login: a fresh AuthnRequest with ForceAuthn and
 * the given ID (stored like every request, so InResponseTo is checked and used up), and RelayState.
 * Throws SamlRefusal when single sign-on is off.
 */
export async function forcedLoginUrl(connection: Connection, requestId: string, relayState: string): Promise<string> {
  const settings = await readSamlSettings(connection);
  if (!settings.active) throw new SamlRefusal('single sign-on is off');
  return samlClient(connection.db, settings, {
    forceAuthn: true,
    generateUniqueId: () => requestId,
  }).getAuthorizeUrlAsync(relayState, undefined, {});
}

/** Checks the answer to a forced login exactly as a sign-in's (validateSamlResponse). Throws SamlRefusal. */
export async function checkForcedLogin(connection: Connection, samlResponse: string, now: Date): Promise<ForcedLogin> {
  const { settings, profile, accepted } = await validateSamlResponse(connection, samlResponse, now);
  return {
    userName: accepted.userName,
    authnInstant: accepted.authnInstant,
    inResponseTo: typeof profile.inResponseTo === 'string' ? profile.inResponseTo : '',
    issuer: settings.idpIssuer,
  };
}
