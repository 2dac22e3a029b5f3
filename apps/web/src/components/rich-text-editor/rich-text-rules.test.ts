import { describe, expect, it } from 'vitest';
import {
  checkImageFile,
  fromStoredImageStyles,
  isAllowedImageSource,
  normalizeLinkAddress,
  sniffImageKind,
  toStoredImageStyles,
} from './rich-text-rules';

const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);

describe('rich-text rules', () => {
  it('links only http, https and mailto addresses, completing bare domains and e-mail addresses', () => {
    expect(normalizeLinkAddress('https://hasp.example/a')).toBe('https://hasp.example/a');
    expect(normalizeLinkAddress('hasp.example/docs')).toBe('https://hasp.example/docs');
    expect(normalizeLinkAddress('safety@hasp.example')).toBe('mailto:safety@hasp.example');
    for (const bad of [
      'javascript:alert(1)',
      'JavaScript:alert(1)',
      'java\tscript:alert(1)',
      'vbscript:x',
      'data:text/html,x',
      'ftp://hasp.example',
      'file:///etc/passwd',
      'tel:123',
      '/relative',
      '',
    ]) {
      expect(normalizeLinkAddress(bad), bad).toBeNull();
    }
  });

  it('keeps images with http, https or inline image addresses only', () => {
    expect(isAllowedImageSource('https://hasp.example/a.png')).toBe(true);
    expect(isAllowedImageSource('data:image/png;base64,AAAA')).toBe(true);
    for (const bad of [
      'file:///etc/passwd',
      'ftp://hasp.example/a.png',
      'data:text/html;base64,AAAA',
      'javascript:x',
      'x',
      null,
    ]) {
      expect(isAllowedImageSource(bad), String(bad)).toBe(false);
    }
  });

  it('recognises images by their first bytes', () => {
    expect(sniffImageKind(png)).toBe('png');
    expect(sniffImageKind(new TextEncoder().encode('GIF89a....'))).toBe('gif');
    expect(sniffImageKind(new Uint8Array([0xff, 0xd8, 0xff, 0xe0]))).toBe('jpeg');
    expect(sniffImageKind(new TextEncoder().encode('BM....'))).toBe('bmp');
    expect(sniffImageKind(new Uint8Array([0, 0, 1, 0, 1, 0]))).toBe('icon');
    expect(
      sniffImageKind(new TextEncoder().encode('<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg">')),
    ).toBe('svg');
    expect(sniffImageKind(new TextEncoder().encode('hello'))).toBeNull();
  });

  it('refuses a file whose bytes are not its declared type, one that is too large, and a scripted SVG', async () => {
    expect(await checkImageFile(new File(['not a png'], 'a.png', { type: 'image/png' }))).toEqual({
      ok: false,
      reason: 'type',
    });
    expect(await checkImageFile(new File([png], 'a.webp', { type: 'image/webp' }))).toEqual({
      ok: false,
      reason: 'type',
    });
    const big = new Uint8Array(1024 * 1024 + 1);
    big.set(png);
    expect(await checkImageFile(new File([big], 'big.png', { type: 'image/png' }))).toEqual({
      ok: false,
      reason: 'size',
    });
    const svg = '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>';
    expect(await checkImageFile(new File([svg], 'a.svg', { type: 'image/svg+xml' }))).toEqual({
      ok: false,
      reason: 'unsafe',
    });
    const ok = await checkImageFile(new File([png], 'a.png', { type: 'image/png' }));
    expect(ok.ok && ok.dataUrl.startsWith('data:image/png;base64,')).toBe(true);
  });

  it('stores a centred image as margin 0px auto and reads it back as auto', () => {
    const stored = toStoredImageStyles(
      '<p><img src="https://h.example/a.png" style="display: block; margin: auto;"></p>',
    );
    expect(stored).toContain('margin: 0px auto');
    expect(fromStoredImageStyles(stored)).toContain('margin: auto');
  });
});
