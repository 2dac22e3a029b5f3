import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { deflateSync } from 'node:zlib';
import { zipSync } from 'fflate';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { attachmentMessages as say, type Attachment, type AttachmentList, type Permit } from '@hasp/contracts';
import { createTestApp, login } from './test-app';
import { permitDraft } from './support/permit-draft';

/**
 * Attachments on permits over HTTP on the real server, with real malicious files
 * built here: a type that lies, polyglots, an oversized file, path-traversal names, a decompression
 * bomb, SVG with a script, EXIF and GPS stripped; both storages (the database, a folder).
 */
const users = ['admin', 'supervisor', 'worker', 'contractor'] as const;
type User = (typeof users)[number];

async function photo(width = 64, height = 48, exif = false): Promise<Buffer> {
  const image = sharp({ create: { width, height, channels: 3, background: { r: 200, g: 60, b: 20 } } }).jpeg();
  // Orientation 6: the camera was turned; the stored photo must be upright (height × width).
  return exif
    ? image
        .withMetadata({ orientation: 6 })
        .withExif({ IFD0: { Copyright: 'Secret Plant Owner', Artist: 'Wren' }, IFD3: { GPSLatitudeRef: 'N' } })
        .toBuffer()
    : image.toBuffer();
}
const png = () =>
  sharp({ create: { width: 40, height: 30, channels: 4, background: '#00ff0080' } })
    .png()
    .toBuffer();
const pdf = (body = 'BT /F1 12 Tf (Hello) Tj ET') =>
  Buffer.from(
    `%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n2 0 obj << /Type /Pages /Kids [] /Count 0 >> endobj\n` +
      `3 0 obj << /Length ${body.length} >> stream\n${body}\nendstream endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n`,
    'latin1',
  );

/** A PNG whose header says 10,000 × 10,000 (100 megapixels) in a few hundred kilobytes of zeros. */
function decompressionBomb(): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (bytes: Buffer) => {
    let c = 0xffffffff;
    for (const b of bytes) c = crcTable[(c ^ b) & 0xff]! ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const out = Buffer.alloc(8 + data.length + 4);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc(body), 8 + data.length);
    return out;
  };
  const side = 10_000;
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(side, 0);
  ihdr.writeUInt32BE(side, 4);
  ihdr.set([8, 0, 0, 0, 0], 8); // 8-bit greyscale
  const rows = deflateSync(Buffer.alloc((side + 1) * side), { level: 9 });
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', rows),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

async function setup(env: Record<string, string> = {}) {
  const t = await createTestApp({ env });
  const tokens = {} as Record<User, string>;
  for (const username of users) tokens[username] = (await login(t.app, { username })).json<{ token: string }>().token;
  const db = t.connections[0]!.db;
  const genType = (
    await db
      .selectFrom('permit_types')
      .select('id')
      .where('facility_id', '=', 1)
      .where('code', '=', 'GEN')
      .executeTakeFirstOrThrow()
  ).id;
  const upload = (as: User, permitId: number, bytes: Buffer, fileName: string, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: 'POST',
      url: `/api/permits/${permitId}/attachments?fileName=${encodeURIComponent(fileName)}`,
      headers: { authorization: `Bearer ${tokens[as]}`, 'content-type': 'application/octet-stream', ...headers },
      payload: bytes,
    });
  const get = (as: User, url: string) =>
    t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${tokens[as]}` } });
  const remove = (as: User, permitId: number, id: number, reason: string) =>
    t.app.inject({
      method: 'POST',
      url: `/api/permits/${permitId}/attachments/${id}/commands/remove`,
      headers: { authorization: `Bearer ${tokens[as]}` },
      payload: { reason },
    });
  const newPermit = async (title: string) => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/permits',
      headers: { authorization: `Bearer ${tokens.worker}` },
      payload: permitDraft(genType, { title }),
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<Permit>().ID;
  };
  return { t, db, tokens, upload, get, remove, newPermit };
}

describe('attachments stored in the database', () => {
  let s: Awaited<ReturnType<typeof setup>>;
  let permitId: number;
  beforeAll(async () => {
    s = await setup();
    permitId = await s.newPermit('Attachments: database storage');
  });
  afterAll(() => s.t.close());

  it('attaches a camera photo re-encoded upright with its EXIF and GPS stripped, and thumbnails it', async () => {
    const original = await photo(64, 48, true);
    expect((await sharp(original).metadata()).exif).toBeDefined();
    const response = await s.upload('worker', permitId, original, 'IMG_0001.JPG', { 'content-type': 'image/jpeg' });
    expect(response.statusCode, response.body).toBe(200);
    const attachment = response.json<Attachment>();
    expect(attachment).toMatchObject({ kind: 'photo', contentType: 'image/jpeg', displayName: 'IMG_0001.JPG' });
    expect([attachment.width, attachment.height]).toEqual([48, 64]);
    const file = await s.get('worker', `/api/permits/${permitId}/attachments/${attachment.ID}/file`);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/jpeg');
    expect(file.headers['x-content-type-options']).toBe('nosniff');
    const meta = await sharp(file.rawPayload).metadata();
    expect(meta.exif).toBeUndefined();
    expect(meta.orientation).toBeUndefined();
    expect(file.rawPayload.toString('latin1')).not.toContain('Secret Plant Owner');
    expect([meta.width, meta.height]).toEqual([48, 64]);
    const thumb = await s.get('worker', `/api/permits/${permitId}/attachments/${attachment.ID}/thumbnail`);
    expect(thumb.statusCode).toBe(200);
    expect((await sharp(thumb.rawPayload).metadata()).format).toBe('jpeg');
    const blob = await s.db
      .selectFrom('permit_attachment_blobs')
      .select('attachment_id')
      .where('attachment_id', '=', attachment.ID)
      .executeTakeFirst();
    expect(blob).toBeDefined();
  });

  it('believes the bytes, not the declared type or the name: a PNG called .pdf is a PNG named .png', async () => {
    const response = await s.upload('worker', permitId, await png(), 'scan.pdf', { 'content-type': 'application/pdf' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<Attachment>()).toMatchObject({ contentType: 'image/png', displayName: 'scan.pdf.png' });
  });

  it('refuses HTML that claims to be a JPEG, and an SVG with a script', async () => {
    const html = Buffer.from('<!doctype html><html><script>alert(document.cookie)</script></html>');
    const lie = await s.upload('worker', permitId, html, 'photo.jpg', { 'content-type': 'image/jpeg' });
    expect(lie.statusCode).toBe(415);
    expect(lie.json().message).toBe(say.unsupported);
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script><rect/></svg>');
    const refused = await s.upload('worker', permitId, svg, 'drawing.svg', { 'content-type': 'image/svg+xml' });
    expect(refused.statusCode).toBe(415);
  });

  it('refuses polyglots: a JPEG carrying a ZIP, a JPEG carrying a page, a PDF with junk before or after it', async () => {
    const zip = Buffer.from(zipSync({ 'evil.html': new TextEncoder().encode('<h1>hi</h1>') }));
    const jpegZip = await s.upload('worker', permitId, Buffer.concat([await photo(), zip]), 'a.jpg');
    expect(jpegZip.statusCode).toBe(415);
    expect(jpegZip.json().message).toBe(say.polyglot);
    const jpegHtml = Buffer.concat([await photo(), Buffer.from('<html><script>alert(1)</script></html>')]);
    expect((await s.upload('worker', permitId, jpegHtml, 'b.jpg')).statusCode).toBe(415);
    const leading = Buffer.concat([Buffer.from('<html><body>hi</body></html>\n'), pdf()]);
    expect((await s.upload('worker', permitId, leading, 'c.pdf')).statusCode).toBe(415);
    const trailing = Buffer.concat([pdf(), Buffer.from('<html><script>alert(1)</script></html>')]);
    const pdfHtml = await s.upload('worker', permitId, trailing, 'd.pdf');
    expect(pdfHtml.statusCode).toBe(415);
    expect(pdfHtml.json().message).toBe(say.polyglot);
    const scripted = await s.upload(
      'worker',
      permitId,
      pdf('/OpenAction << /S /JavaScript /JS (app.alert(1)) >>'),
      'e.pdf',
    );
    expect(scripted.statusCode).toBe(415);
    expect(scripted.json().message).toBe(say.pdfActive);
    // A photo with a trailer that is no archive or page (a phone's motion-photo video): kept, without it.
    const trailer = Buffer.concat([await photo(), Buffer.from('\0\0\0\x18ftypmp42 video frames')]);
    const kept = await s.upload('worker', permitId, trailer, 'motion.jpg');
    expect(kept.statusCode, kept.body).toBe(200);
    const stored = await s.get('worker', `/api/permits/${permitId}/attachments/${kept.json<Attachment>().ID}/file`);
    expect(stored.rawPayload.toString('latin1')).not.toContain('ftypmp42');
  });

  it('refuses a decompression bomb from its header, and a HEIC photo with a way out', async () => {
    const bomb = decompressionBomb();
    expect(bomb.length).toBeLessThan(1024 * 1024);
    const started = Date.now();
    const response = await s.upload('worker', permitId, bomb, 'bomb.png');
    expect(response.statusCode).toBe(415);
    expect(response.json().message).toBe(say.tooManyPixels);
    expect(Date.now() - started).toBeLessThan(5000);
    const heic = Buffer.concat([
      Buffer.from([0, 0, 0, 0x18]),
      Buffer.from('ftypheic\0\0\0\0mif1heic', 'latin1'),
      Buffer.alloc(64),
    ]);
    const refused = await s.upload('worker', permitId, heic, 'IMG_0002.HEIC');
    expect(refused.statusCode).toBe(415);
    expect(refused.json().message).toBe(say.heic);
  });

  it('answers 413 naming the limit over the facility setting, and 400 for an empty file', async () => {
    await s.db
      .insertInto('app_settings')
      .values({ key: 'attachments.maxFileMegabytes', facility_id: 1, value: JSON.stringify(1) })
      .execute();
    const big = await sharp({
      create: {
        width: 1200,
        height: 1200,
        channels: 3,
        background: '#808080',
        noise: { type: 'gaussian', mean: 128, sigma: 60 },
      },
    })
      .png({ compressionLevel: 0 })
      .toBuffer();
    expect(big.length).toBeGreaterThan(1024 * 1024);
    const response = await s.upload('worker', permitId, big, 'big.png');
    expect(response.statusCode).toBe(413);
    expect(response.json().message).toBe(say.tooLarge(1));
    await s.db.deleteFrom('app_settings').where('key', '=', 'attachments.maxFileMegabytes').execute();
    const empty = await s.upload('worker', permitId, Buffer.alloc(0), 'empty.jpg');
    expect(empty.statusCode).toBe(400);
  });

  it('keeps a path-traversal name as a safe display name and a safe Content-Disposition', async () => {
    const response = await s.upload('worker', permitId, await png(), '../../etc/passwd');
    expect(response.statusCode, response.body).toBe(200);
    const attachment = response.json<Attachment>();
    expect(attachment.displayName).toBe('passwd.png');
    const quoted = await s.upload('worker', permitId, await png(), 'a"; filename=evil.html\r\nX: y.png');
    const named = quoted.json<Attachment>();
    expect(named.displayName).not.toMatch(/[\r\n"]/);
    const file = await s.get('worker', `/api/permits/${permitId}/attachments/${named.ID}/file`);
    expect(file.headers['content-disposition']).toMatch(/^attachment; filename="[\w.\- ]+"; filename\*=UTF-8''/);
    expect(file.headers['content-disposition']).not.toContain('"; filename=evil');
  });

  it('applies one upload once per Idempotency-Key and audits metadata, never bytes', async () => {
    const bytes = await photo(30, 20);
    const first = await s.upload('worker', permitId, bytes, 'same.jpg', { 'idempotency-key': 'attach-once-1' });
    const again = await s.upload('worker', permitId, bytes, 'same.jpg', { 'idempotency-key': 'attach-once-1' });
    expect(first.statusCode).toBe(200);
    expect(again.statusCode).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json<Attachment>().ID).toBe(first.json<Attachment>().ID);
    const rows = await s.db
      .selectFrom('permit_attachments')
      .select('id')
      .where('display_name', '=', 'same.jpg')
      .execute();
    expect(rows).toHaveLength(1);
    const audit = await s.db
      .selectFrom('audit_log')
      .select(['action', 'after'])
      .where('entity_type', '=', 'permit-attachment')
      .where('entity_id', '=', String(first.json<Attachment>().ID))
      .execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]!.action).toBe('attachment.attach');
    expect(audit[0]!.after).toMatchObject({ displayName: 'same.jpg', contentType: 'image/jpeg' });
    expect(JSON.stringify(audit[0]!.after).length).toBeLessThan(1000);
  });

  it('removes with a reason (by the person who attached it or an approver), never deletes, keeps the file', async () => {
    const mine = (await s.upload('worker', permitId, await png(), 'wrong-pump.png')).json<Attachment>();
    expect((await s.remove('worker', permitId, mine.ID, '  ')).statusCode).toBe(400);
    const other = await s.remove('contractor', permitId, mine.ID, 'not theirs');
    expect(other.statusCode).toBe(403);
    expect(other.json().message).toBe(say.removeForbidden);
    const removed = await s.remove('worker', permitId, mine.ID, 'Photo of the wrong pump');
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json<Attachment>().removed).toMatchObject({ reason: 'Photo of the wrong pump' });
    expect((await s.remove('worker', permitId, mine.ID, 'again')).statusCode).toBe(409);
    const file = await s.get('supervisor', `/api/permits/${permitId}/attachments/${mine.ID}/file`);
    expect(file.statusCode).toBe(200);
    const list = (await s.get('contractor', `/api/permits/${permitId}/attachments`)).json<AttachmentList>();
    expect(list.attachments.find((a) => a.ID === mine.ID)?.removed?.by.displayName).toBe('Wren Worker');
    // The contractor may attach but not remove the worker's; the supervisor (an approver) may.
    const theirs = list.attachments.find((a) => a.removed === null)!;
    expect(theirs.canRemove).toBe(false);
    expect((await s.remove('supervisor', permitId, theirs.ID, 'Duplicate')).statusCode).toBe(200);
    await expect(s.db.deleteFrom('permit_attachments').where('id', '=', mine.ID).execute()).rejects.toThrow(
      /never deleted/,
    );
  });

  it('is closed to other facilities (404) and on closed permits (409)', async () => {
    const bytes = await png();
    // The supervisor, signed in at the second facility, attaches there; the worker of the first cannot see it.
    const second = (await login(s.t.app, { username: 'supervisor', facilityId: 2 })).json<{ token: string }>().token;
    const type2 = await s.db
      .selectFrom('permit_types')
      .select('id')
      .where('facility_id', '=', 2)
      .where('code', '=', 'GEN')
      .executeTakeFirstOrThrow();
    const created = await s.t.app.inject({
      method: 'POST',
      url: '/api/permits',
      headers: { authorization: `Bearer ${second}` },
      payload: permitDraft(type2.id, { title: 'Second facility' }),
    });
    expect(created.statusCode, created.body).toBe(200);
    const otherFacility = { id: created.json<Permit>().ID };
    const theirs = await s.t.app.inject({
      method: 'POST',
      url: `/api/permits/${otherFacility.id}/attachments?fileName=x.png`,
      headers: { authorization: `Bearer ${second}`, 'content-type': 'image/png' },
      payload: bytes,
    });
    expect(theirs.statusCode, theirs.body).toBe(200);
    const theirId = theirs.json<Attachment>().ID;
    expect((await s.upload('worker', otherFacility.id, bytes, 'x.png')).statusCode).toBe(404);
    expect((await s.get('worker', `/api/permits/${otherFacility.id}/attachments`)).statusCode).toBe(404);
    expect((await s.get('worker', `/api/permits/${otherFacility.id}/attachments/${theirId}/file`)).statusCode).toBe(
      404,
    );
    expect((await s.remove('worker', otherFacility.id, theirId, 'no')).statusCode).toBe(404);
    const closed = { id: await s.newPermit('Attachments: cancelled') };
    const cancel = await s.t.app.inject({
      method: 'POST',
      url: `/api/permits/${closed.id}/commands/cancel`,
      headers: { authorization: `Bearer ${s.tokens.worker}` },
      payload: { reason: 'Not needed' },
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    const refused = await s.upload('worker', closed.id, bytes, 'late.png');
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(say.closed);
    expect((await s.get('worker', `/api/permits/${closed.id}/attachments`)).json<AttachmentList>().canAttach).toBe(
      false,
    );
  });
});

describe('attachments stored in a folder', () => {
  let s: Awaited<ReturnType<typeof setup>>;
  let root: string;
  beforeAll(async () => {
    root = mkdtempSync(path.join(tmpdir(), 'hasp-attachments-'));
    s = await setup({ HASP_ATTACHMENTS_DIR: path.join(root, 'files') });
  });
  afterAll(async () => {
    await s.t.close();
    rmSync(root, { recursive: true, force: true });
  });

  it('writes files named by id (never by the user’s name) and reads them back; no bytes in the database', async () => {
    const permitId = await s.newPermit('Attachments: folder storage');
    const response = await s.upload('worker', permitId, await png(), '../../../escape.png');
    expect(response.statusCode, response.body).toBe(200);
    const attachment = response.json<Attachment>();
    const [folder] = readdirSync(path.join(root, 'files'));
    const files = readdirSync(path.join(root, 'files', folder!)).sort();
    expect(files).toEqual([String(attachment.ID), `${attachment.ID}.thumb`]);
    expect(existsSync(path.join(root, 'escape.png'))).toBe(false);
    const file = await s.get('worker', `/api/permits/${permitId}/attachments/${attachment.ID}/file`);
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.equals(readFileSync(path.join(root, 'files', folder!, String(attachment.ID))))).toBe(true);
    const pdfResponse = await s.upload('worker', permitId, pdf(), 'method statement.pdf');
    expect(pdfResponse.json<Attachment>()).toMatchObject({ kind: 'document', hasThumbnail: false });
    const blobs = await s.db.selectFrom('permit_attachment_blobs').select('attachment_id').execute();
    expect(blobs).toHaveLength(0);
    const row = await s.db
      .selectFrom('permit_attachments')
      .select('storage')
      .where('id', '=', attachment.ID)
      .executeTakeFirstOrThrow();
    expect(row.storage).toBe('folder');
  });
});
