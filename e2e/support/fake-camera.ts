import { writeFileSync } from 'node:fs';
import type { Browser, BrowserType, TestInfo } from '@playwright/test';
import QRCode from 'qrcode';

const WIDTH = 640;
const HEIGHT = 480;

/**
 * A QR code of `text` as a Y4M video (YUV4MPEG2, raw I420 frames) for Chromium's fake camera
 * (`--use-file-for-fake-video-capture`): black modules on white, centred, a few identical frames
 * that Chromium plays in a loop. Written from the `qrcode` package's module matrix, no image library.
 */
export function writeQrVideo(file: string, text: string): void {
  const qr = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const size = qr.modules.size;
  // Four modules of quiet zone each side, as large as the frame allows.
  const scale = Math.floor(Math.min(WIDTH, HEIGHT) / (size + 8));
  const left = Math.floor((WIDTH - size * scale) / 2);
  const top = Math.floor((HEIGHT - size * scale) / 2);
  const luma = Buffer.alloc(WIDTH * HEIGHT, 235);
  for (let y = 0; y < size * scale; y++)
    for (let x = 0; x < size * scale; x++)
      if (qr.modules.get(Math.floor(y / scale), Math.floor(x / scale))) luma[(top + y) * WIDTH + left + x] = 16;
  const chroma = Buffer.alloc((WIDTH / 2) * (HEIGHT / 2) * 2, 128);
  const frame = Buffer.concat([Buffer.from('FRAME\n'), luma, chroma]);
  const header = Buffer.from(`YUV4MPEG2 W${WIDTH} H${HEIGHT} F10:1 Ip A1:1 C420jpeg\n`);
  writeFileSync(file, Buffer.concat([header, ...Array<Buffer>(10).fill(frame)]));
}

/**
 * A browser of its own whose camera shows the video (and that grants the camera without asking),
 * launched as the config launches Chromium, plus the fake-device switches.
 */
export async function launchWithFakeCamera(
  browserType: BrowserType,
  testInfo: TestInfo,
  video: string,
): Promise<Browser> {
  const options = testInfo.project.use.launchOptions ?? {};
  return browserType.launch({
    ...options,
    args: [
      ...(options.args ?? []),
      '--use-fake-device-for-media-stream',
      '--use-fake-ui-for-media-stream',
      `--use-file-for-fake-video-capture=${video}`,
    ],
  });
}
