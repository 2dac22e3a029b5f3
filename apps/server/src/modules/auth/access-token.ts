import { SignJWT, jwtVerify, errors } from 'jose';
import { AppError } from '../../plugins/app-error';

/** What an access token says: who, in which connection and facility. */
export interface AccessClaims {
  userId: number;
  connectionName: string;
  facilityId: number;
  /** The refresh-token family (one signed-in device); revoking it ends this token too. */
  sessionId: string;
}

/** A verified token's claims and its expiry (ms since the epoch). */
export interface VerifiedAccessClaims extends AccessClaims {
  expiresAt: number;
}

const ISSUER = 'hasp';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** A positive PostgreSQL integer: anything else in a claim would fail the query, not the check. */
const isDatabaseId = (value: unknown): value is number =>
  typeof value === 'number' && Number.isInteger(value) && value > 0 && value <= 2_147_483_647;
const audienceFor = (connectionName: string) => `hasp:${connectionName.toLowerCase()}`;

/** Signs and checks short-lived HS256 access tokens; the audience binds a token to its connection. */
export class AccessTokens {
  private readonly key: Uint8Array;

  constructor(
    secret: string,
    readonly ttlSec: number,
  ) {
    this.key = new TextEncoder().encode(secret);
  }

  sign(claims: AccessClaims): Promise<string> {
    return new SignJWT({ cn: claims.connectionName, fid: claims.facilityId, sid: claims.sessionId, typ: 'access' })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(String(claims.userId))
      .setIssuer(ISSUER)
      .setAudience(audienceFor(claims.connectionName))
      .setIssuedAt()
      .setExpirationTime(`${this.ttlSec}s`)
      .sign(this.key);
  }

  /**
   * Verifies signature, algorithm, issuer, expiry and that the audience matches the token's own
   * connection. A token must carry exp, iat and sub and be no older than the access-token lifetime,
   * so even a token signed with our key cannot live forever; ids must fit PostgreSQL's integer.
   */
  async verify(token: string): Promise<VerifiedAccessClaims> {
    try {
      const { payload } = await jwtVerify(token, this.key, {
        algorithms: ['HS256'],
        issuer: ISSUER,
        requiredClaims: ['exp', 'iat', 'sub'],
        maxTokenAge: this.ttlSec,
        clockTolerance: 5,
      });
      const { cn, fid, sid, typ, sub, aud, exp } = payload as Record<string, unknown>;
      if (
        typ !== 'access' ||
        typeof cn !== 'string' ||
        !isDatabaseId(fid) ||
        typeof sid !== 'string' ||
        !UUID.test(sid) ||
        typeof sub !== 'string' ||
        !/^\d{1,10}$/.test(sub) ||
        !isDatabaseId(Number(sub))
      ) {
        throw new Error('malformed claims');
      }
      if (aud !== audienceFor(cn)) throw new Error('audience does not match connection');
      // exp is a required claim and jose refuses a non-numeric one, so it is a number here.
      const expiresAt = (exp as number) * 1000;
      return { userId: Number(sub), connectionName: cn, facilityId: fid, sessionId: sid, expiresAt };
    } catch (error) {
      if (error instanceof errors.JWTExpired)
        throw AppError.unauthenticated('Your session has expired', 'TOKEN_EXPIRED');
      throw AppError.unauthenticated('Invalid access token');
    }
  }
}
