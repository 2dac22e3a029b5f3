import { randomUUID } from 'node:crypto';
import type { LoginForm, LoginResult } from '@hasp/contracts';
import type { Config } from '../../config/config';
import type { Connection, ConnectionRegistry } from '../../db/connections';
import { writeBookkeeping } from '../../platform';
import { AppError } from '../../plugins/app-error';
import { findFacilityById } from '../facilities';
import { findFacilityUserById, findUserByUserName, hasFacilityAccess } from '../users';
import { readSetting } from '../settings';
import { clearFailedSignIns, registerFailedSignIn } from './lockout.repository';
import type { AccessTokens } from './access-token';
import { countRecentLoginFailures, insertAuthEvent } from './auth-event.repository';
import { canCheckPassword, checkSignInPassword } from './sign-in-password';
import {
  claimRefreshToken,
  findRefreshTokenByHash,
  insertRefreshToken,
  revokeRefreshFamily,
} from './refresh-token.repository';
import { connectionOfRefreshToken, hashRefreshToken, newRefreshToken } from './refresh-token';

export interface ClientInfo {
  ip: string;
  userAgent: string | null;
}

/** A login or refresh answer as the service builds it: the refresh token is always there (the route decides whether the body carries it). */
export type OpenedSession = LoginResult & { refreshToken: string };

type AuthConfig = Pick<
  Config,
  'refreshTokenTtlSec' | 'refreshReuseGraceSec' | 'loginMaxFailuresPerUser' | 'loginFailureWindowSec'
>;

const invalidCredentials = () => new AppError('INVALID_CREDENTIALS', 401, 'Invalid user name or password');
const invalidRefresh = () => AppError.unauthenticated('Your session has ended; sign in again', 'REFRESH_TOKEN_INVALID');

/** Sign-in, refresh-token rotation with reuse detection, and sign-out. */
export class AuthService {
  constructor(
    private readonly registry: ConnectionRegistry,
    private readonly tokens: AccessTokens,
    private readonly config: AuthConfig,
    private readonly now: () => Date,
  ) {}

  connection(name: string): Connection {
    const connection = this.registry.find(name);
    if (!connection) throw new AppError('UNKNOWN_CONNECTION', 404, `Unknown connection "${name}"`);
    return connection;
  }

  /** Checks the password (same answer and cost for unknown users), then opens a session. */
  async login(form: LoginForm, client: ClientInfo): Promise<OpenedSession> {
    const connection = this.connection(form.connectionStringName);
    const { db } = connection;
    const windowStart = new Date(this.now().getTime() - this.config.loginFailureWindowSec * 1000);
    const failures = await countRecentLoginFailures(db, form.username, windowStart);
    if (failures.count >= this.config.loginMaxFailuresPerUser) {
      await insertAuthEvent(db, { kind: 'login_throttled', userName: form.username, ip: client.ip });
      const retryAfter = failures.oldest
        ? Math.max(1, Math.ceil((failures.oldest.getTime() - windowStart.getTime()) / 1000))
        : this.config.loginFailureWindowSec;
      throw new AppError('RATE_LIMITED', 429, 'Too many failed sign-ins. Try again later.', undefined, {
        'retry-after': String(retryAfter),
      });
    }
    const user = await findUserByUserName(db, form.username);
    const usable = canCheckPassword(user);
    const ok = await checkSignInPassword(db, user, form.password, client.ip);
    if (usable && user.locked_at) {
      // Locked: the same answer as a wrong password (no user enumeration), whatever was typed.
      // The failure still counts for the throttle, so a locked name answers like any other.
      await insertAuthEvent(db, { kind: 'login_failed', userName: form.username, ip: client.ip, detail: 'locked' });
      await insertAuthEvent(db, {
        kind: 'login_locked',
        userName: user.user_name,
        userId: user.id,
        facilityId: form.facilityId,
        ip: client.ip,
      });
      throw invalidCredentials();
    }
    if (!ok || !user) {
      await insertAuthEvent(db, {
        kind: 'login_failed',
        userName: form.username,
        ip: client.ip,
        facilityId: form.facilityId,
      });
      if (usable && (await registerFailedSignIn(db, user.id, await readSetting(db, 'security.lockoutThreshold')))) {
        await insertAuthEvent(db, {
          kind: 'login_locked',
          userName: user.user_name,
          userId: user.id,
          facilityId: form.facilityId,
          ip: client.ip,
          detail: 'locked after repeated failed sign-ins',
        });
      }
      throw invalidCredentials();
    }
    await clearFailedSignIns(db, user.id);
    const result = await this.startSession(connection, user, form.facilityId, client, 'password');
    if (!result) throw new AppError('FORBIDDEN', 403, 'You do not have access to this facility');
    return result;
  }

  /**
   * The one way a session opens once the user has proved who they are (a password, or a single
   * sign-on token): checks the facility, records the sign-in and returns the login result. Null
   * (the refusal recorded) when the user may not use that facility; the caller picks the answer.
   */
  async startSession(
    connection: Connection,
    user: { id: number; user_name: string },
    facilityId: number,
    client: ClientInfo,
    method: 'password' | 'sso',
  ): Promise<OpenedSession | null> {
    const { db } = connection;
    const viaSso = method === 'sso';
    const facility = await findFacilityById(db, facilityId);
    if (!facility || !(await hasFacilityAccess(db, user.id, facilityId))) {
      await insertAuthEvent(db, {
        kind: viaSso ? 'sso_failed' : 'login_failed',
        userName: user.user_name,
        userId: user.id,
        ip: client.ip,
        detail: 'no facility access',
      });
      return null;
    }
    const session = await this.openSession(connection, user.id, facility.ID, randomUUID(), null, client, viaSso);
    await insertAuthEvent(db, {
      kind: 'login_succeeded',
      userName: user.user_name,
      userId: user.id,
      facilityId: facility.ID,
      ip: client.ip,
      detail: viaSso ? 'sso' : null,
    });
    const profile = await findFacilityUserById(db, { facilityId: facility.ID }, user.id);
    return { ...session, user: profile!, facility, connectionStringName: connection.name, loggedInViaSSO: viaSso };
  }

  /**
   * Rotates a refresh token. Exactly one of any number of concurrent presentations wins; the
   * others, within the grace window, are refused without harm. A token presented again after the
   * window is a stolen-token signal: the whole family is revoked.
   */
  async refresh(token: string, client: ClientInfo): Promise<OpenedSession> {
    const connectionName = connectionOfRefreshToken(token);
    const connection = connectionName ? this.registry.find(connectionName) : undefined;
    if (!connection) throw invalidRefresh();
    const { db } = connection;
    const hash = hashRefreshToken(token);
    const now = this.now();
    // Sign-in bookkeeping, not a record's change: the token used up and its successor's session
    // opened together (auth events record it), never a command.
    const rotated = await writeBookkeeping(db, async (trx) => {
      const claimed = await claimRefreshToken(trx, hash, now);
      if (!claimed) return null;
      if (!(await hasFacilityAccess(trx, claimed.user_id, claimed.facility_id))) return 'no-access' as const;
      const user = await trx
        .selectFrom('users')
        .select('is_active')
        .where('id', '=', claimed.user_id)
        .executeTakeFirst();
      if (!user?.is_active) return 'no-access' as const;
      const session = await this.openSession(
        { ...connection, db: trx },
        claimed.user_id,
        claimed.facility_id,
        claimed.family_id,
        claimed.family_expires_at,
        client,
        claimed.via_sso,
      );
      return { session, userId: claimed.user_id, facilityId: claimed.facility_id, viaSso: claimed.via_sso };
    });
    if (rotated === 'no-access') throw invalidRefresh();
    if (!rotated) {
      const row = await findRefreshTokenByHash(db, hash);
      const usedAgo = row?.used_at ? now.getTime() - new Date(row.used_at).getTime() : Infinity;
      if (row && !row.revoked_at && row.used_at && usedAgo > this.config.refreshReuseGraceSec * 1000) {
        await revokeRefreshFamily(db, row.family_id, 'reuse detected', now);
        await insertAuthEvent(db, {
          kind: 'refresh_reuse_detected',
          userId: row.user_id,
          facilityId: row.facility_id,
          ip: client.ip,
        });
      }
      throw invalidRefresh();
    }
    await insertAuthEvent(db, {
      kind: 'token_refreshed',
      userId: rotated.userId,
      facilityId: rotated.facilityId,
      ip: client.ip,
    });
    const [facility, user] = await Promise.all([
      findFacilityById(db, rotated.facilityId),
      findFacilityUserById(db, { facilityId: rotated.facilityId }, rotated.userId),
    ]);
    return {
      ...rotated.session,
      user: user!,
      facility: facility!,
      connectionStringName: connection.name,
      loggedInViaSSO: rotated.viaSso,
    };
  }

  /** Revokes the family of the presented refresh token. Unknown tokens are ignored: logout always succeeds. */
  async logout(token: string, client: ClientInfo): Promise<void> {
    const connectionName = connectionOfRefreshToken(token);
    const connection = connectionName ? this.registry.find(connectionName) : undefined;
    if (!connection) return;
    const row = await findRefreshTokenByHash(connection.db, hashRefreshToken(token));
    if (!row) return;
    await revokeRefreshFamily(connection.db, row.family_id, 'logout', this.now());
    await insertAuthEvent(connection.db, {
      kind: 'logout',
      userId: row.user_id,
      facilityId: row.facility_id,
      ip: client.ip,
    });
  }

  private async openSession(
    connection: Connection,
    userId: number,
    facilityId: number,
    familyId: string,
    familyExpiresAt: Date | null,
    client: ClientInfo,
    viaSso: boolean,
  ): Promise<{ token: string; refreshToken: string; expiresIn: number }> {
    const now = this.now();
    const refreshToken = newRefreshToken(connection.name);
    const ttlMs = this.config.refreshTokenTtlSec * 1000;
    // A family lives at most one TTL from sign-in; each rotation cannot extend it.
    const familyEnd = familyExpiresAt ?? new Date(now.getTime() + ttlMs);
    await insertRefreshToken(connection.db, {
      familyId,
      userId,
      facilityId,
      tokenHash: hashRefreshToken(refreshToken),
      expiresAt: new Date(Math.min(now.getTime() + ttlMs, familyEnd.getTime())),
      familyExpiresAt: familyEnd,
      userAgent: client.userAgent?.slice(0, 300) ?? null,
      ip: client.ip,
      viaSso,
    });
    const token = await this.tokens.sign({ userId, facilityId, connectionName: connection.name, sessionId: familyId });
    return { token, refreshToken, expiresIn: this.tokens.ttlSec };
  }
}
