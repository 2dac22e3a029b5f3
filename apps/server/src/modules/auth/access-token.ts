import { randomUUID, webcrypto } from 'node:crypto';
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

const CLOCK_TOLERANCE_SEC = 5;
/** Verified tokens remembered per process; past this the oldest is forgotten. */
const MAX_REMEMBERED = 10_000;

interface Remembered {
  claims: VerifiedAccessClaims;
  /** `iat` and `exp` in seconds, as signed. */
  issuedAt: number;
  expires: number;
}

/** Signs and checks short-lived HS256 access tokens; the audience binds a token to its connection. */
export class AccessTokens {
  private readonly key: Uint8Array;
  /** The verification key imported once (jose imports a raw secret again on every call). */
  private verifyKey: Promise<webcrypto.CryptoKey> | undefined;
  /**
   * Tokens whose signature and claims were checked, by their exact text: a client sends the same
   * token for up to its lifetime, and checking the HMAC again gives the same answer (the WebCrypto
   * round trip cost more than the rest of a cached request, in the authenticated-read bench of bench/run.ts). Only the time limits can
   * change, and they are checked again on every use, as jose would.
   */
  private readonly remembered = new Map<string, Remembered>();

  constructor(
    secret: string,
    readonly ttlSec: number,
  ) {
    this.key = new TextEncoder().encode(secret);
  }

  sign(claims: AccessClaims): Promise<string> {
    return (
      new SignJWT({ cn: claims.connectionName, fid: claims.facilityId, sid: claims.sessionId, typ: 'access' })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(String(claims.userId))
        .setIssuer(ISSUER)
        .setAudience(audienceFor(claims.connectionName))
        .setIssuedAt()
        // Two tokens of one session issued in the same second must still differ (a refresh replaces the old one).
        .setJti(randomUUID())
        .setExpirationTime(`${this.ttlSec}s`)
        .sign(this.key)
    );
  }

  /**
   * Verifies signature, algorithm, issuer, expiry and that the audience matches the token's own
   * connection. A token must carry exp, iat and sub and be no older than the access-token lifetime,
   * so even a token signed with our key cannot live forever; ids must fit PostgreSQL's integer.
   */
  async verify(token: string): Promise<VerifiedAccessClaims> {
    const known = this.remembered.get(token);
    if (known) {
      const now = Math.floor(Date.now() / 1000);
      // jose's checks: exp not passed and iat not older than the lifetime, each with the tolerance.
      if (known.expires > now - CLOCK_TOLERANCE_SEC && now - known.issuedAt - CLOCK_TOLERANCE_SEC <= this.ttlSec) {
        return known.claims;
      }
      this.remembered.delete(token);
      throw AppError.unauthenticated('Your session has expired', 'TOKEN_EXPIRED');
    }
    try {
      this.verifyKey ??= webcrypto.subtle.importKey('raw', this.key, { name: 'HMAC', hash: 'SHA-256' }, false, [
        'verify',
      ]);
      const { payload } = await jwtVerify(token, await this.verifyKey, {
        algorithms: ['HS256'],
        issuer: ISSUER,
        requiredClaims: ['exp', 'iat', 'sub'],
        maxTokenAge: this.ttlSec,
        clockTolerance: CLOCK_TOLERANCE_SEC,
      });
      const { cn, fid, sid, typ, sub, aud, exp, iat } = payload as Record<string, unknown>;
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
      const claims = { userId: Number(sub), connectionName: cn, facilityId: fid, sessionId: sid, expiresAt };
      if (this.remembered.size >= MAX_REMEMBERED) this.remembered.delete(this.remembered.keys().next().value!);
      this.remembered.set(token, { claims, issuedAt: iat as number, expires: exp as number });
      return claims;
    } catch (error) {
      if (error instanceof errors.JWTExpired)
        throw AppError.unauthenticated('Your session has expired', 'TOKEN_EXPIRED');
      throw AppError.unauthenticated('Invalid access token');
    }
  }
}
