import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { readSetting } from '../settings';

/** The connection's directory (the `ldap.*` settings), where Active Directory users' passwords are checked. */
export interface DirectorySettings {
  url: string;
  baseDn: string;
  bindDn: string;
  bindPassword: string;
  userFilter: string;
  startTls: boolean;
  caCertificate: string;
  timeoutMs: number;
}

export async function readDirectorySettings(db: Kysely<Database>): Promise<DirectorySettings> {
  const [url, baseDn, bindDn, bindPassword, userFilter, startTls, caCertificate, timeoutMs] = await Promise.all([
    readSetting(db, 'ldap.url'),
    readSetting(db, 'ldap.baseDn'),
    readSetting(db, 'ldap.bindDn'),
    readSetting(db, 'ldap.bindPassword'),
    readSetting(db, 'ldap.userFilter'),
    readSetting(db, 'ldap.startTls'),
    readSetting(db, 'ldap.tlsCaCertificate'),
    readSetting(db, 'ldap.timeoutMs'),
  ]);
  return { url, baseDn, bindDn, bindPassword, userFilter, startTls, caCertificate, timeoutMs };
}

/**
 * PEM certificates as TLS expects them. A certificate pasted into a one-line field loses its line
 * breaks; the base64 body is re-wrapped so such a paste still works.
 */
export function normalizePemCertificates(text: string): string[] {
  const blocks = text.match(/-----BEGIN CERTIFICATE-----[\s\S]*?-----END CERTIFICATE-----/g) ?? [];
  return blocks.map((block) => {
    const body = block
      .replace(/-----(BEGIN|END) CERTIFICATE-----/g, '')
      .replace(/\s+/g, '')
      .replace(/.{1,64}/g, '$&\n');
    return `-----BEGIN CERTIFICATE-----\n${body}-----END CERTIFICATE-----\n`;
  });
}
