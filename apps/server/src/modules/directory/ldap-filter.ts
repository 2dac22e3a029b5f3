/**
 * Escapes a value for an LDAP search filter (RFC 4515 section 3): `*`, `(`, `)`, `\` and NUL
 * become `\2a`, `\28`, `\29`, `\5c`, `\00`, so a user name can never add wildcards or clauses.
 */
export function escapeFilterValue(value: string): string {
  return value.replace(/[*()\\\0]/g, (char) => `\\${char.charCodeAt(0).toString(16).padStart(2, '0')}`);
}

/** The configured filter with every `{{username}}` replaced by the escaped user name. */
export function userFilterFor(template: string, userName: string): string {
  return template.split('{{username}}').join(escapeFilterValue(userName));
}
