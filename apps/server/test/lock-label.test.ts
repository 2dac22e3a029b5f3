import {
  BarcodeFormat,
  BinaryBitmap,
  DecodeHintType,
  HybridBinarizer,
  QRCodeReader,
  RGBLuminanceSource,
} from '@zxing/library';
import { lockLabelText, parseLockLabel, pickScannedLock } from '@hasp/contracts';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { lockLabelModules, renderLockLabels } from '../src/modules/printing/lock-label-pdf';

/** What a camera reads off a label: the label's QR modules as a picture, decoded by the web's own reader. */
function decode(modules: ReturnType<typeof lockLabelModules>): string {
  const scale = 4;
  const side = (modules.size + 8) * scale;
  const pixels = new Uint8ClampedArray(side * side).fill(255);
  for (let y = 0; y < side; y++)
    for (let x = 0; x < side; x++) {
      const row = Math.floor(y / scale) - 4;
      const col = Math.floor(x / scale) - 4;
      if (row >= 0 && col >= 0 && row < modules.size && col < modules.size && modules.get(row, col))
        pixels[y * side + x] = 0;
    }
  const bitmap = new BinaryBitmap(new HybridBinarizer(new RGBLuminanceSource(pixels, side, side)));
  const hints = new Map([[DecodeHintType.POSSIBLE_FORMATS, [BarcodeFormat.QR_CODE]]]);
  return new QRCodeReader().decode(bitmap, hints).getText();
}

describe('lock QR labels', () => {
  it("a lock's label reads back as its facility and serial, and picks that lock", () => {
    const text = decode(lockLabelModules(7, 'L-0042'));
    expect(text).toBe('HASP-LOCK:7:L-0042');
    expect(parseLockLabel(text)).toEqual({ facilityId: 7, serial: 'L-0042' });
    const mine = [
      { ID: 1, serial: 'L-0041' },
      { ID: 2, serial: 'l-0042' },
    ];
    expect(pickScannedLock(text, 7, mine)).toEqual({ lock: mine[1] });
  });

  it("refuses another facility's label, a lock not applicable here and a code that is no lock label", () => {
    const label = lockLabelText(7, 'A:B 1');
    expect(parseLockLabel(label)).toEqual({ facilityId: 7, serial: 'A:B 1' });
    expect(pickScannedLock(label, 8, [{ serial: 'A:B 1' }])).toEqual({ refusal: 'other-facility', serial: 'A:B 1' });
    expect(pickScannedLock(label, 7, [{ serial: 'X' }])).toEqual({ refusal: 'not-applicable', serial: 'A:B 1' });
    for (const text of ['https://example.com', 'HASP-LOCK:', 'HASP-LOCK:x:L-1', 'HASP-LOCK:1:', 'HASP-LOCK:0:L-1'])
      expect(pickScannedLock(text, 7, []), text).toEqual({ refusal: 'not-a-label' });
  });

  it('prints a page per lock', async () => {
    const doc = renderLockLabels(1, ['L-0001', 'VERY-LONG-SERIAL-0002']);
    const chunks: Buffer[] = [];
    doc.on('data', (c: Buffer) => chunks.push(c));
    await new Promise((resolve) => doc.on('end', resolve));
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'hasp-lock-label-')), 'labels.pdf');
    writeFileSync(file, Buffer.concat(chunks));
    const info = execFileSync('pdfinfo', [file], { encoding: 'utf8' });
    expect(info).toMatch(/Pages:\s+2/);
    expect(info).toMatch(/Page size:\s+180 x 90 pts/);
  });
});
