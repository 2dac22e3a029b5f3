import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/** A subscription's signing secret: `whsec_` and 32 random bytes. */
export const newWebhookSecret = () => `whsec_${randomBytes(32).toString('base64url')}`;

/**
 * The `Hasp-Signature` header of a delivery (Stripe's scheme): `t=<unix seconds>,v1=<hex HMAC-SHA256
 * of "<t>.<body>" under the subscription's secret>`. The time is signed with the body, so a receiver
 * that refuses old times refuses replays (docs/connect.md).
 * @example signWebhook(secret, body, 1764230400) // 't=1764230400,v1=5f…'
 */
export function signWebhook(secret: string, body: string, unixSeconds: number): string {
  const mac = createHmac('sha256', secret).update(`${unixSeconds}.${body}`, 'utf8').digest('hex');
  return `t=${unixSeconds},v1=${mac}`;
}

/**
 * What a receiver does (the guide's reference code, and the tests' receiver): true when a `v1`
 * signature matches and its time is within `toleranceSeconds` of `nowSeconds`.
 */
export function verifyWebhook(
  secret: string,
  body: string,
  header: string,
  nowSeconds: number,
  toleranceSeconds: number,
): boolean {
  const parts = header.split(',').map((p) => p.split('=') as [string, string]);
  const t = Number(parts.find(([k]) => k === 't')?.[1]);
  if (!Number.isInteger(t) || Math.abs(nowSeconds - t) > toleranceSeconds) return false;
  const expected = Buffer.from(signWebhook(secret, body, t).split('v1=')[1]!, 'hex');
  return parts.some(([k, v]) => {
    if (k !== 'v1' || !/^[0-9a-f]{64}$/.test(v)) return false;
    return timingSafeEqual(expected, Buffer.from(v, 'hex'));
  });
}
