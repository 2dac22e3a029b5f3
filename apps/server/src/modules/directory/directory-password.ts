import { isIP } from 'node:net';
import type { ConnectionOptions } from 'node:tls';
import { Client, InvalidCredentialsError, SizeLimitExceededError } from 'ldapts';
import type { Kysely } from 'kysely';
import { DIRECTORY_UNAVAILABLE_MESSAGE } from '@hasp/contracts';
import type { Database } from '../../db/schema';
import { AppError } from '../../plugins/app-error';
import { normalizePemCertificates, readDirectorySettings, type DirectorySettings } from './directory-settings';
import { userFilterFor } from './ldap-filter';

/**
 * The directory could not answer (not configured, refused, timed out, TLS failed, the service
 * account was refused). The user gets a clear 503; `reason` is for the auth log only.
 */
export class DirectoryUnavailableError extends AppError {
  constructor(readonly reason: string) {
    super('DIRECTORY_UNAVAILABLE', 503, DIRECTORY_UNAVAILABLE_MESSAGE);
  }
}

function tlsOptionsOf(settings: DirectorySettings): ConnectionOptions & { servername?: string } {
  const host = new URL(settings.url).hostname.replace(/^\[|\]$/g, '');
  const ca = normalizePemCertificates(settings.caCertificate);
  return {
    host,
    // SNI takes names only; an IP address is still checked against the certificate's IP entries.
    ...(isIP(host) ? {} : { servername: host }),
    ...(ca.length ? { ca } : {}),
  };
}

/**
 * Checks an Active Directory user's password against the connection's directory: find the user
 * (service account or anonymous search, exactly one entry), then bind as them with the password.
 * True: the directory accepted it; false: it did not (or no such single user). Never falls back to
 * a stored password: when the directory cannot answer, throws DirectoryUnavailableError.
 */
export async function verifyDirectoryPassword(
  db: Kysely<Database>,
  userName: string,
  password: string,
): Promise<boolean> {
  // An empty password makes a simple bind "unauthenticated" (RFC 4513 5.1.2), which some servers
  // answer with success: it is refused here, before anything is sent.
  if (password === '') return false;
  const settings = await readDirectorySettings(db);
  if (!settings.url || !settings.baseDn) {
    throw new DirectoryUnavailableError('the directory is not configured (ldap.url, ldap.baseDn)');
  }
  let client: Client;
  try {
    const tlsOptions = tlsOptionsOf(settings);
    client = new Client({
      url: settings.url,
      timeout: settings.timeoutMs,
      connectTimeout: settings.timeoutMs,
      // ldapts speaks TLS from the start whenever tlsOptions are given: only for ldaps://.
      ...(settings.url.toLowerCase().startsWith('ldaps:') ? { tlsOptions } : {}),
    });
    if (settings.startTls) await client.startTLS(tlsOptions);
  } catch (error) {
    throw unavailable(error);
  }
  try {
    return await findAndBind(client, settings, userName, password);
  } catch (error) {
    throw unavailable(error);
  } finally {
    await client.unbind().catch(() => undefined);
  }
}

async function findAndBind(client: Client, settings: DirectorySettings, userName: string, password: string) {
  // A refused service account is a configuration fault, not the user's: it ends as "unavailable".
  if (settings.bindDn) await client.bind(settings.bindDn, settings.bindPassword);
  let entries;
  try {
    ({ searchEntries: entries } = await client.search(settings.baseDn, {
      scope: 'sub',
      filter: userFilterFor(settings.userFilter, userName),
      attributes: ['1.1'],
      sizeLimit: 2,
      timeLimit: Math.ceil(settings.timeoutMs / 1000),
    }));
  } catch (error) {
    if (error instanceof SizeLimitExceededError) return false; // several users match: none is "the" user
    throw error;
  }
  const [entry, ...others] = entries;
  if (!entry || others.length) return false;
  try {
    await client.bind(entry.dn, password);
    return true;
  } catch (error) {
    if (error instanceof InvalidCredentialsError) return false;
    throw error;
  }
}

function unavailable(error: unknown): DirectoryUnavailableError {
  if (error instanceof DirectoryUnavailableError) return error;
  const reason = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  return new DirectoryUnavailableError(reason.slice(0, 500));
}
