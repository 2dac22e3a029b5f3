import { describe, expect, it } from 'vitest';
import { safeDisplayName } from './attachments';

describe('safeDisplayName', () => {
  it('keeps only the last part of a path, whatever the separator', () => {
    expect(safeDisplayName('../../etc/passwd')).toBe('passwd');
    expect(safeDisplayName('..\\..\\Windows\\win.ini')).toBe('win.ini');
    expect(safeDisplayName('/var/www/../../x.jpg')).toBe('x.jpg');
  });

  it('replaces control, reserved and bidirectional-override characters and drops leading dots', () => {
    expect(safeDisplayName('a"; filename=evil.html\r\n.png')).toBe('a_; filename=evil.html__.png');
    expect(safeDisplayName('invoice\u202Egpj.exe')).toBe('invoice_gpj.exe');
    expect(safeDisplayName('...hidden')).toBe('hidden');
    expect(safeDisplayName('<script>.jpg')).toBe('_script_.jpg');
  });

  it('is never empty and at most 120 characters', () => {
    expect(safeDisplayName('', 'photo')).toBe('photo');
    expect(safeDisplayName('../..', 'photo')).toBe('photo');
    expect(safeDisplayName('x'.repeat(500))).toHaveLength(120);
  });
});
