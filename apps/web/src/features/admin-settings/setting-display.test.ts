import { describe, expect, it } from 'vitest';
import type { SettingEntry } from '@hasp/contracts';
import { filterEntries, needsMultilineEditor, parseDraft, secretStateOf } from './setting-display';

const entry = (key: string, scope: SettingEntry['scope'], type: SettingEntry['type'], value: SettingEntry['value']) =>
  ({ key, scope, type, value, default: null, description: `About ${key}`, source: 'settings-table' }) as SettingEntry;

describe('the Settings Table', () => {
  it('sends whole numbers as numbers and anything else as typed (the server names the problem)', () => {
    const timeout = entry('generalSettings.loginTimeout', 'facility', 'integer', 10);
    expect(parseDraft(timeout, ' 25 ')).toBe(25);
    expect(parseDraft(timeout, '2.5')).toBe('2.5');
    expect(parseDraft(entry('x', 'facility', 'boolean', true), false)).toBe(false);
    expect(parseDraft(entry('x', 'facility', 'text', ''), ' LOTO- ')).toBe('LOTO-');
  });

  it('filters by scope and by text in key, description or value', () => {
    const entries = [
      entry('security.lockoutThreshold', 'connection', 'integer', 10),
      entry('prefixes.LOTO', 'facility', 'text', 'LOTO-'),
    ];
    expect(filterEntries(entries, 'facility', '').map((e) => e.key)).toEqual(['prefixes.LOTO']);
    expect(filterEntries(entries, 'all', 'LOCKOUT').map((e) => e.key)).toEqual(['security.lockoutThreshold']);
    expect(filterEntries(entries, 'connection', 'loto')).toEqual([]);
  });

  it('shows a secret only as set or not set, and sends it exactly as typed', () => {
    const secret = { ...entry('ldap.bindPassword', 'connection', 'text', ''), secret: true, isSet: true };
    expect(secretStateOf(secret)).toBe('set');
    expect(secretStateOf({ ...secret, isSet: false })).toBe('notSet');
    expect(secretStateOf(entry('ldap.url', 'connection', 'text', 'ldap://dc1'))).toBeNull();
    expect(parseDraft(secret, ' pass word ')).toBe(' pass word ');
  });

  it('edits long texts (certificates) on several lines, but never a secret', () => {
    const pem = { ...entry('ldap.tlsCaCertificate', 'connection', 'text', ''), maxLength: 20000 };
    expect(needsMultilineEditor(pem)).toBe(true);
    expect(needsMultilineEditor({ ...pem, maxLength: 500 })).toBe(false);
    expect(needsMultilineEditor({ ...pem, secret: true })).toBe(false);
  });
});
