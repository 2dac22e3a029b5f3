import { randomInt } from 'node:crypto';

// No look-alikes (0/O, 1/l/I): the administrator reads it out or types it for the user.
const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789';

/** A random password to hand over once; at least 16 characters and never shorter than the policy. */
export function newOneTimePassword(minLength: number): string {
  const length = Math.max(16, minLength);
  let password = '';
  for (let i = 0; i < length; i++) password += alphabet[randomInt(alphabet.length)];
  return password;
}
