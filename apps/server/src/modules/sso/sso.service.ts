import { generateServiceProviderMetadata, type Profile } from '@node-saml/node-saml';
import type { Facility, SsoLoginForm } from '@hasp/contracts';
import type { Connection, ConnectionRegistry } from '../../db/connections';
import type { EventBus } from '../../platform';
import { AppError } from '../../plugins/app-error';
import { type AuthService, type ClientInfo, type OpenedSession, insertAuthEvent } from '../auth';
import { checkAssertion, type AcceptedAssertion } from './saml-assertion-checks';
import { NAMEID_UNSPECIFIED, samlClient } from './saml-client';
import { SamlRefusal, decodeSamlResponse, refuseWeakAlgorithms, responseDestination } from './saml-xml-guard';
import { readSamlSettings, type SamlSettings } from './sso-settings';
import {
  activeFacilitiesOfUser,
  consumeSsoToken,
  issueSsoToken,
  peekSsoToken,
  rememberAssertion,
} from './sso.repository';
import { ssoUser } from './sso-user';

/**
 * Every check of an identity provider's answer, for a sign-in and for a signing's forced login
 * alike: size and DTDs, algorithms, destination, then node-saml (signature by a configured
 * certificate, audience, InResponseTo one of our stored requests, which is used up), then our own
 * assertion checks, and the assertion ID remembered (a replay is refused). Throws SamlRefusal.
 */
export async function validateSamlResponse(
  connection: Connection,
  samlResponse: string,
  now: Date,
): Promise<{ settings: SamlSettings; profile: Profile; accepted: AcceptedAssertion }> {
  const { db } = connection;
  const settings = await readSamlSettings(connection);
  if (!settings.active) throw new SamlRefusal('single sign-on is off');
  const xml = decodeSamlResponse(samlResponse);
  refuseWeakAlgorithms(xml);
  const destination = responseDestination(xml);
  if (destination !== null && destination !== settings.acsUrl) throw new SamlRefusal('wrong destination');
  const { profile } = await samlClient(db, settings)
    .validatePostResponseAsync({ SAMLResponse: samlResponse })
    .catch((error: unknown) => {
      throw new SamlRefusal(error instanceof Error ? error.message : 'invalid response');
    });
  if (!profile) throw new SamlRefusal('no assertion');
  const accepted = checkAssertion(profile, settings, now);
  if (!(await rememberAssertion(db, accepted.assertionId, accepted.expiresAt, now))) {
    throw new SamlRefusal('assertion already used (replay)');
  }
  return { settings, profile, accepted };
}

const ssoOff = () => AppError.notFound('Single sign-on');
const ssoFailed = () => new AppError('SSO_FAILED', 401, 'Single sign-on failed');
const tokenInvalid = () => AppError.unauthenticated('The single sign-on token is not valid', 'SSO_TOKEN_INVALID');
const invalidCredentials = () => new AppError('INVALID_CREDENTIALS', 401, 'Invalid Credentials');

/**
 * The SAML 2.0 service provider of every connection: the request to the identity provider, the
 * checks of its answer, and the one-time token the login screen turns into a session.
 */
export class SsoService {
  constructor(
    private readonly registry: ConnectionRegistry,
    private readonly auth: AuthService,
    private readonly now: () => Date,
    /** A new user's provisioning is a command: its events are told here. */
    private readonly events: EventBus,
  ) {}

  /** The named connection, or the default one when no name is given. */
  connection(name: string | undefined, defaultName: string | undefined): Connection {
    return this.auth.connection(name || defaultName || this.registry.names()[0] || '');
  }

  /** The identity provider's sign-in URL carrying a fresh AuthnRequest (its ID stored for InResponseTo). */
  async loginRedirect(connection: Connection): Promise<string> {
    const settings = await readSamlSettings(connection);
    if (!settings.active) throw ssoOff();
    return samlClient(connection.db, settings).getAuthorizeUrlAsync(connection.name, undefined, {});
  }

  async metadata(connection: Connection): Promise<string> {
    const settings = await readSamlSettings(connection);
    if (!settings.entityId) throw AppError.notFound('Service provider metadata (set sso.spBaseUrl)');
    return generateServiceProviderMetadata({
      issuer: settings.entityId,
      callbackUrl: settings.acsUrl,
      identifierFormat: NAMEID_UNSPECIFIED,
      wantAssertionsSigned: true,
    });
  }

  /** Checks a SAML response; returns a one-time token for its user. Every refusal is recorded. */
  async acceptResponse(connection: Connection, samlResponse: string, client: ClientInfo): Promise<string> {
    const { db } = connection;
    let userName: string | null = null;
    try {
      const now = this.now();
      const { settings, profile, accepted } = await validateSamlResponse(connection, samlResponse, now);
      userName = accepted.userName;
      const email = typeof profile.email === 'string' ? profile.email.slice(0, 320) : null;
      const user = await ssoUser(this.events, connection, accepted.userName, settings, email, {
        address: client.ip,
        now,
      });
      const token = await issueSsoToken(db, user.id, now);
      await insertAuthEvent(db, { kind: 'sso_succeeded', userName: user.user_name, userId: user.id, ip: client.ip });
      return token;
    } catch (error) {
      const reason = error instanceof SamlRefusal ? error.message : 'unexpected error';
      await insertAuthEvent(db, { kind: 'sso_failed', userName, ip: client.ip, detail: reason.slice(0, 500) });
      if (!(error instanceof SamlRefusal)) throw error;
      throw ssoFailed();
    }
  }

  /** The facilities the token's user may choose; the token stays usable. */
  async facilitiesForToken(connection: Connection, token: string): Promise<Facility[]> {
    const userId = await peekSsoToken(connection.db, token, this.now());
    if (userId === undefined) throw tokenInvalid();
    return activeFacilitiesOfUser(connection.db, userId);
  }

  /** Uses the token up and opens a session exactly as a password sign-in does. */
  async login(form: SsoLoginForm, client: ClientInfo): Promise<OpenedSession> {
    const connection = this.auth.connection(form.connectionStringName);
    const { db } = connection;
    const userId = await consumeSsoToken(db, form.token, this.now());
    const user =
      userId === undefined
        ? undefined
        : await db
            .selectFrom('users')
            .select(['id', 'user_name', 'is_active'])
            .where('id', '=', userId)
            .executeTakeFirst();
    if (!user?.is_active) {
      await insertAuthEvent(db, {
        kind: 'sso_failed',
        userId,
        ip: client.ip,
        detail: 'token invalid, used or expired',
      });
      throw invalidCredentials();
    }
    const result = await this.auth.startSession(connection, user, form.facilityId, client, 'sso');
    if (!result) throw invalidCredentials();
    return result;
  }
}
