import type { Page } from '@playwright/test';

/**
 * A photo as a phone's camera would give it, drawn by the browser itself (a gauge on a pipe) and
 * encoded as JPEG or PNG: real image bytes for the attachments' content checks and thumbnails.
 */
export async function cameraPhoto(page: Page, type: 'image/jpeg' | 'image/png' = 'image/jpeg'): Promise<Buffer> {
  const base64 = await page.evaluate(async (mime) => {
    const canvas = document.createElement('canvas');
    canvas.width = 800;
    canvas.height = 600;
    const g = canvas.getContext('2d')!;
    g.fillStyle = '#5b6b7a';
    g.fillRect(0, 0, 800, 600);
    g.fillStyle = '#c8a040';
    g.fillRect(0, 260, 800, 80);
    g.fillStyle = '#ffffff';
    g.beginPath();
    g.arc(400, 220, 120, 0, 2 * Math.PI);
    g.fill();
    g.strokeStyle = '#c00000';
    g.lineWidth = 10;
    g.beginPath();
    g.moveTo(400, 220);
    g.lineTo(470, 150);
    g.stroke();
    const blob = await new Promise<Blob>((resolve) => canvas.toBlob((b) => resolve(b!), mime, 0.9));
    const bytes = new Uint8Array(await blob.arrayBuffer());
    let text = '';
    for (const b of bytes) text += String.fromCharCode(b);
    return btoa(text);
  }, type);
  return Buffer.from(base64, 'base64');
}
