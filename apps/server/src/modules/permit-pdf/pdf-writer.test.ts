import { describe, expect, it } from 'vitest';
import { printable } from './pdf-writer';

describe('printable (text for the standard PDF fonts)', () => {
  it('keeps Windows-1252 text, Spanish and the typographic dashes and quotes as they are', () => {
    const text = 'Válvula de alivio — “cerrada” ñ €5 · 480 V';
    expect(printable(text)).toBe(text);
  });

  it('turns controls into spaces and keeps line breaks', () => {
    expect(printable('a\tb\r\nc\rd\u0000e\u007f')).toBe('a b\nc\nd e ');
  });

  it('prints "?" for a character the fonts cannot show, never another letter', () => {
    expect(printable('Ω 配電盤 😀 −5')).toBe('? ??? ? ?5');
  });
});
