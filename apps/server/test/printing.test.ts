import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listTagPrintRows, planTag, tagPrintStamp } from '../src/modules/tags';
import { createTestApp, login, type TestApp } from './test-app';
import { permitCore } from './support/permit-draft';
import { lotoPermit, planPoints } from './support/tag-fixtures';

/**
 * Printing over the real server and PostgreSQL: the tag PDF read back with poppler (pdftotext for
 * its words, pdftoppm for the page whose QR code jsQR decodes), the print list's queue, mark
 * printed through the tag command, reprint with a reason, the layouts (audited) and who may do what.
 */
let t: TestApp;
const tokens: Record<string, string> = {};
const db = () => t.connections[0]!.db;
const work = mkdtempSync(path.join(tmpdir(), 'hasp-printing-'));

beforeAll(async () => {
  t = await createTestApp();
  for (const username of ['admin', 'supervisor', 'worker']) {
    tokens[username] = (await login(t.app, { username })).json<{ token: string }>().token;
  }
  tokens.otherFacility = (await login(t.app, { username: 'admin', facilityId: 2 })).json<{ token: string }>().token;
});
afterAll(async () => t?.close());

const call = (who: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown, headers = {}) =>
  t.app.inject({
    method,
    url,
    headers: { authorization: `Bearer ${tokens[who]}`, ...headers },
    payload: payload as object,
  });

const userId = async (userName: string) =>
  (await db().selectFrom('users').select('id').where('user_name', '=', userName).executeTakeFirstOrThrow()).id;

/** A LOTO permit with `count` planned tags (reason 'Belt change'); their IDs. */
async function plannedTags(count: number): Promise<{ permitId: number; tagIds: number[] }> {
  const permitId = await lotoPermit(t, tokens.worker!, 'Printing test permit');
  const points = await planPoints(db(), permitId, count);
  const worker = await userId('worker');
  const tagIds: number[] = [];
  for (const planPointId of points) {
    const tag = await db()
      .transaction()
      .execute((trx) =>
        planTag(trx, { facilityId: 1, permitId, planPointId, reason: 'Belt change', userId: worker, at: new Date() }),
      );
    tagIds.push(tag.id);
  }
  return { permitId, tagIds };
}

/** Isolation point tags print on this layout (their tag report link names it). */
const linkIsolationTags = async (layoutKey: string) => {
  const response = await call('admin', 'PUT', '/api/tag-report-links', {
    links: [{ subject: 'tag:isolation-point-tag', layoutKey, reportKey: 'tag-summary' }],
  });
  expect(response.statusCode).toBe(200);
};

interface Item {
  ID: number;
  kind: string;
  permit: { ID: number };
  stamp: string;
}
/** The tags the caller's print list shows now (waiting, or printed), with their stamps. */
const listed = async (query: string, who = 'supervisor') =>
  (await call(who, 'GET', `/api/print-list?kind=tag&${query}`)).json<{ items: Item[] }>().items;

/** "Mark printed" with `stamps`, else those the caller's print list shows now (the screen's way). */
const markTags = async (who: string, ids: number[], stamps?: string[]) => {
  const shown = stamps ? [] : [...(await listed('', who)), ...(await listed('queue=printed', who))];
  const sent = stamps ?? ids.map((id) => shown.find((i) => i.ID === id)?.stamp ?? 'not shown');
  return call(who, 'POST', '/api/print-list/mark-printed', { kind: 'tag', ids, stamps: sent });
};

const pdfOf = async (who: string, ids: number[]) => {
  const response = await call(who, 'POST', '/api/print-list/pdf', { kind: 'tag', ids });
  return response;
};

const pdftotext = (pdf: Buffer) => {
  const file = path.join(work, `t-${Date.now()}-${Math.random()}.pdf`);
  writeFileSync(file, pdf);
  return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
};

describe('the tag PDF', () => {
  it('prints the applier, legend, number, date, point and permit, one page per tag at the layout size', async () => {
    await linkIsolationTags('tag-standard-3x5');
    const { permitId, tagIds } = await plannedTags(2);
    // The supervisor (who may isolate LOTO permits) applies the first tag: the name on it is theirs.
    const applied = await call('supervisor', 'POST', `/api/permits/${permitId}/tags/commands/apply`, {
      tagId: tagIds[0],
    });
    expect(applied.statusCode).toBe(200);
    const response = await pdfOf('supervisor', tagIds);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="tags-\d{4}-\d{2}-\d{2}\.pdf"$/);
    const pdf = response.rawPayload;
    const file = path.join(work, 'two.pdf');
    writeFileSync(file, pdf);
    const info = execFileSync('pdfinfo', [file], { encoding: 'utf8' });
    expect(info).toMatch(/Pages:\s+2/);
    // 3 × 5 in, the layout the isolation point tag's link names.
    expect(info).toMatch(/Page size:\s+216 x 360 pts/);

    const rows = await db()
      .selectFrom('tags')
      .innerJoin('permits', 'permits.id', 'tags.permit_id')
      .leftJoin('master_list_items', 'master_list_items.id', 'tags.legend_item_id')
      .select(['tags.number', 'tags.applied_at', 'permits.number as permitNumber', 'master_list_items.value'])
      .where('tags.id', 'in', tagIds)
      .orderBy('tags.id')
      .execute();
    const applier = await db()
      .selectFrom('users')
      .select('display_name')
      .where('user_name', '=', 'supervisor')
      .executeTakeFirstOrThrow();
    const zone = await db().selectFrom('facilities').select('time_zone').where('id', '=', 1).executeTakeFirstOrThrow();
    // The facility's time, 24 h, where the tag hangs: "2026-11-30 07:08".
    const facilityTime = (at: Date) =>
      new Intl.DateTimeFormat('sv-SE', {
        timeZone: zone.time_zone,
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
        hour: '2-digit',
        minute: '2-digit',
        hourCycle: 'h23',
      }).format(at);
    const plannedEnd = await db()
      .selectFrom('permits')
      .select('planned_end')
      .where('id', '=', permitId)
      .executeTakeFirstOrThrow();

    const pages = pdftotext(pdf).split('\f');
    const [first, second] = pages.map((p) => p.replace(/\s+/g, ' '));
    expect(first).toContain(rows[0]!.number);
    expect(first).toContain(rows[0]!.value!); // the legend, e.g. DANGER — DO NOT OPERATE
    expect(first).toContain(`Applied by: ${applier.display_name}`);
    expect(first).toContain(`Applied: ${facilityTime(rows[0]!.applied_at!)}`);
    expect(first).toContain(`Expected end: ${facilityTime(plannedEnd.planned_end)}`);
    expect(first).toContain(`Permit: ${rows[0]!.permitNumber}`);
    expect(first).toContain('Reason: Belt change');
    expect(second).toContain(rows[1]!.number);
    // Not applied yet, and neither a personal lock nor a holder: a line to write the name on, and
    // one for the time it is hung.
    expect(second).toMatch(/Applied by: _{10,}/);
    expect(second).toMatch(/Applied: _{10,}/);
  });

  it("prints the applier's department or crew and contact, a line to write them on when unknown, and a changed contact makes the paper stale", async () => {
    await linkIsolationTags('tag-standard-3x5');
    const { permitId, tagIds } = await plannedTags(2);
    expect(
      (await call('supervisor', 'POST', `/api/permits/${permitId}/tags/commands/apply`, { tagId: tagIds[0] }))
        .statusCode,
    ).toBe(200);
    // What the print list and "mark printed" compare the paper with.
    const stampOf = async (id: number) => tagPrintStamp((await listTagPrintRows(db(), 1, [id]))[0]!);
    const before = await stampOf(tagIds[0]!);
    const [first, second] = pdftotext((await pdfOf('supervisor', tagIds)).rawPayload)
      .split('\f')
      .map((p) => p.replace(/\s+/g, ' '));
    // The demo supervisor's, as User Manage or their profile set them.
    expect(first).toContain('Department/crew: Operations — Shift A');
    expect(first).toContain('Contact: Radio ch. 2 / +1 555 0142');
    // Nobody known yet: whoever hangs it writes theirs by hand.
    expect(second).toMatch(/Department\/crew: _{10,}/);
    expect(second).toMatch(/Contact: _{10,}/);
    // The reason and the QR code still fit below them on the 3 × 5 in tag.
    expect(first).toContain('Reason: Belt change');
    expect(first).toContain('Scan for live status');
    // The paper names a number that no longer reaches them: the print list's stamp says so.
    const supervisor = await userId('supervisor');
    await db().updateTable('users').set({ contact: '+1 555 0143' }).where('id', '=', supervisor).execute();
    expect(await stampOf(tagIds[0]!)).not.toBe(before);
    await db()
      .updateTable('users')
      .set({ contact: 'Radio ch. 2 / +1 555 0142' })
      .where('id', '=', supervisor)
      .execute();
  });

  it('wraps a long reason inside the tag and encodes the live status address in the QR code', async () => {
    const { tagIds } = await plannedTags(1);
    const long = 'Replace the conveyor drive belt and both idler bearings; ' + 'check alignment. '.repeat(20);
    await db().updateTable('tags').set({ reason: long }).where('id', '=', tagIds[0]!).execute();
    const pdf = (await pdfOf('supervisor', tagIds)).rawPayload;
    const file = path.join(work, 'one.pdf');
    writeFileSync(file, pdf);
    // Still one page: the reason is cut inside the tag rather than running onto another.
    expect(execFileSync('pdfinfo', [file], { encoding: 'utf8' })).toMatch(/Pages:\s+1/);
    const text = pdftotext(pdf);
    expect(text).toContain('Replace the conveyor drive belt');
    // Every line of text lies within the 3-inch width (pdftotext -bbox gives each word's box).
    const boxes = execFileSync('pdftotext', ['-bbox', file, '-'], { encoding: 'utf8' });
    const xMax = [...boxes.matchAll(/xMax="([\d.]+)"/g)].map((m) => Number(m[1]));
    const yMax = [...boxes.matchAll(/yMax="([\d.]+)"/g)].map((m) => Number(m[1]));
    expect(Math.max(...xMax)).toBeLessThanOrEqual(216);
    expect(Math.max(...yMax)).toBeLessThanOrEqual(360);

    execFileSync('pdftoppm', ['-png', '-r', '150', '-singlefile', file, path.join(work, 'tag')]);
    const png = PNG.sync.read(readFileSync(path.join(work, 'tag.png')));
    const code = jsQR(new Uint8ClampedArray(png.data), png.width, png.height);
    const token = (
      await db().selectFrom('tags').select('status_token').where('id', '=', tagIds[0]!).executeTakeFirstOrThrow()
    ).status_token;
    expect(code?.data).toBe(`http://localhost:80/t/${token}`);
  });

  it("prints the tag's words in the facility's language (it is read at the equipment)", async () => {
    const { tagIds } = await plannedTags(1);
    const facility = await db()
      .selectFrom('facilities')
      .select('default_language_id')
      .where('id', '=', 1)
      .executeTakeFirstOrThrow();
    const spanish = await db().selectFrom('languages').select('id').where('code', '=', 'es').executeTakeFirstOrThrow();
    await db().updateTable('facilities').set({ default_language_id: spanish.id }).where('id', '=', 1).execute();
    try {
      const text = pdftotext((await pdfOf('supervisor', tagIds)).rawPayload).replace(/\s+/g, ' ');
      for (const word of [
        'Permiso:',
        'Aplicada por:',
        'Aplicada:',
        'Fin previsto:',
        'Motivo:',
        'Escanee para ver el estado',
      ])
        expect(text).toContain(word);
      expect(text).not.toContain('Applied by');
    } finally {
      await db()
        .updateTable('facilities')
        .set({ default_language_id: facility.default_language_id })
        .where('id', '=', 1)
        .execute();
    }
  });

  it('draws an SVG logo on the tag (pdfkit embeds only PNG and JPEG: the server renders it first)', async () => {
    const { tagIds } = await plannedTags(1);
    /** The images of a PDF as pdfimages lists them: [width, height] of each. */
    const imagesOf = (pdf: Buffer) => {
      const file = path.join(work, `img-${Date.now()}-${Math.random()}.pdf`);
      writeFileSync(file, pdf);
      return execFileSync('pdfimages', ['-list', file], { encoding: 'utf8' })
        .trim()
        .split('\n')
        .slice(2)
        .map((line) => line.trim().split(/\s+/))
        .filter((cols) => cols[2] === 'image') // not its alpha channel (an "smask")
        .map((cols) => [Number(cols[3]), Number(cols[4])]);
    };
    expect((await call('admin', 'DELETE', '/api/facility-profile/logo')).statusCode).toBe(200);
    const without = imagesOf((await pdfOf('supervisor', tagIds)).rawPayload);
    const svg =
      '<svg xmlns="http://www.w3.org/2000/svg" width="40" height="10"><rect width="40" height="10" fill="#c00"/></svg>';
    const set = await call('admin', 'PUT', '/api/facility-profile/logo', {
      contentType: 'image/svg+xml',
      data: Buffer.from(svg).toString('base64'),
    });
    expect(set.statusCode, set.body).toBe(200);
    try {
      const layouts = await call('admin', 'GET', '/api/print-settings/tag-layouts');
      expect(layouts.json<{ hasLogo: boolean }>().hasLogo).toBe(true);
      const withLogo = imagesOf((await pdfOf('supervisor', tagIds)).rawPayload);
      // One more image than without a logo: the drawing at 4:1, 208 px high.
      expect(withLogo.length).toBe(without.length + 1);
      expect(withLogo.map(([width, height]) => [Math.round(width! / height!), height])).toContainEqual([4, 208]);
    } finally {
      expect((await call('admin', 'DELETE', '/api/facility-profile/logo')).statusCode).toBe(200);
    }
  });

  it('prints a revoked link as such, and refuses tags it cannot see with their IDs', async () => {
    const { permitId, tagIds } = await plannedTags(1);
    expect(
      (await call('supervisor', 'POST', `/api/permits/${permitId}/tags/commands/revoke-link`, { tagId: tagIds[0] }))
        .statusCode,
    ).toBe(200);
    expect(pdftotext((await pdfOf('supervisor', tagIds)).rawPayload)).toContain('Status link revoked');
    // Another facility's admin: the tag is not found there.
    const other = await pdfOf('otherFacility', tagIds);
    expect(other.statusCode).toBe(404);
    expect(other.json<{ message: string }>().message).toBe(`Tag not found: ${tagIds[0]}`);
    expect((await pdfOf('supervisor', [])).statusCode).toBe(400);
  });
});

describe('the print list', () => {
  it('lists planned tags by permit, marks them printed through tag.mark-printed, and lists them as printed', async () => {
    const { permitId, tagIds } = await plannedTags(3);
    const waiting = await call('supervisor', 'GET', `/api/print-list?permitId=${permitId}`);
    expect(waiting.statusCode).toBe(200);
    const items = waiting.json<{ items: Item[] }>().items;
    expect(items.map((i) => i.ID)).toEqual(tagIds);
    expect(items.every((i) => i.kind === 'tag' && i.permit.ID === permitId)).toBe(true);
    expect(items.every((i) => /^[0-9a-f]{32}$/.test(i.stamp))).toBe(true);

    // One voided meanwhile: refused with the tag rule's words, the rest printed.
    await call('supervisor', 'POST', `/api/permits/${permitId}/tags/commands/void`, {
      tagId: tagIds[2],
      reason: 'Wrong point',
    });
    const marked = await markTags(
      'supervisor',
      tagIds,
      items.map((i) => i.stamp),
    );
    expect(marked.statusCode).toBe(200);
    expect(marked.json()).toEqual({
      printed: tagIds.slice(0, 2),
      refused: [{ ID: tagIds[2], message: expect.stringContaining('the tag is Voided') }],
    });
    const states = await db()
      .selectFrom('tags')
      .select(['id', 'state', 'version'])
      .where('id', 'in', tagIds)
      .orderBy('id')
      .execute();
    expect(states.map((s) => s.state)).toEqual(['printed', 'printed', 'voided']);
    const audit = await db()
      .selectFrom('audit_log')
      .select(['action', 'entity_id'])
      .where('entity_type', '=', 'tag')
      .where('entity_id', 'in', tagIds.slice(0, 2).map(String))
      .where('action', '=', 'tag.mark-printed')
      .execute();
    expect(audit).toHaveLength(2);

    const printed = await call('supervisor', 'GET', `/api/print-list?queue=printed&permitId=${permitId}`);
    expect(printed.json<{ items: { ID: number }[] }>().items.map((i) => i.ID)).toEqual(tagIds.slice(0, 2));
    expect(
      (await call('supervisor', 'GET', `/api/print-list?permitId=${permitId}`)).json<{ items: unknown[] }>().items,
    ).toEqual([]);
  });

  it('records only the tag its PDF was drawn from: a new link or another holder in between is refused, not marked', async () => {
    const { permitId, tagIds } = await plannedTags(3);
    const shown = await listed(`permitId=${permitId}`);
    const stamps = shown.map((i) => i.stamp);
    const body = { kind: 'tag', ids: tagIds, stamps };
    const first = await call('supervisor', 'POST', '/api/print-list/pdf', body);
    expect(first.statusCode).toBe(200);
    // After the PDF: the first tag gets a new status link (the printed QR code now leads nowhere),
    // the second its link revoked (the paper shows a live code, the tag now prints "revoked").
    for (const [verb, tagId] of [
      ['renew-link', tagIds[0]],
      ['revoke-link', tagIds[1]],
    ] as const) {
      const changed = await call('supervisor', 'POST', `/api/permits/${permitId}/tags/commands/${verb}`, { tagId });
      expect(changed.statusCode, changed.body).toBe(200);
    }
    const stale = await markTags('supervisor', tagIds, stamps);
    expect(stale.json()).toEqual({
      printed: [tagIds[2]],
      refused: [0, 1].map((i) => ({
        ID: tagIds[i],
        message: expect.stringContaining('changed after its PDF was made'),
      })),
    });
    const states = await db().selectFrom('tags').select('state').where('id', 'in', tagIds).orderBy('id').execute();
    expect(states.map((r) => r.state)).toEqual(['planned', 'planned', 'printed']);
    // A PDF asked with the list's old stamps is refused too, naming the changed tags.
    const pdfStale = await call('supervisor', 'POST', '/api/print-list/pdf', {
      ...body,
      ids: tagIds.slice(0, 2),
      stamps: stamps.slice(0, 2),
    });
    expect(pdfStale.statusCode).toBe(409);
    expect(pdfStale.json<{ message: string }>().message).toBe(
      `Changed since the print list showed them: ${tagIds[0]}, ${tagIds[1]}. Reload the print list and print again.`,
    );

    // The holder changes (an edit of the draft): the applier a planned tag prints is now the holder.
    const now = await listed(`permitId=${permitId}`);
    const contractor = await userId('contractor');
    const edited = await call(
      'worker',
      'POST',
      `/api/permits/${permitId}/commands/edit`,
      permitCore({ holderId: contractor }),
    );
    expect(edited.statusCode, edited.body).toBe(200);
    const afterEdit = await listed(`permitId=${permitId}`);
    expect(afterEdit.map((i) => i.stamp)).not.toEqual(now.map((i) => i.stamp));
    const byHolder = await markTags(
      'supervisor',
      now.map((i) => i.ID),
      now.map((i) => i.stamp),
    );
    expect(byHolder.json<{ refused: unknown[] }>().refused).toHaveLength(2);

    // Printed anew from the list as it is now: marked, and the audit row keeps what the paper shows.
    const fresh = { kind: 'tag', ids: afterEdit.map((i) => i.ID), stamps: afterEdit.map((i) => i.stamp) };
    const pdf = await call('supervisor', 'POST', '/api/print-list/pdf', fresh);
    expect(pdf.statusCode).toBe(200);
    const contractorName = (
      await db().selectFrom('users').select('display_name').where('id', '=', contractor).executeTakeFirstOrThrow()
    ).display_name;
    // Not hung yet: the paper names who will apply it, never "Applied by" (at the equipment that reads as done).
    const paper = pdftotext(pdf.rawPayload).replace(/\s+/g, ' ');
    expect(paper).toContain(`To be applied by: ${contractorName}`);
    expect(paper).not.toContain(`Applied by: ${contractorName}`);
    expect((await markTags('supervisor', fresh.ids, fresh.stamps)).json()).toEqual({
      printed: tagIds.slice(0, 2),
      refused: [],
    });
    const audit = await db()
      .selectFrom('audit_log')
      .select(['entity_id', 'after'])
      .where('entity_type', '=', 'tag')
      .where('action', '=', 'tag.mark-printed')
      .where('entity_id', 'in', tagIds.map(String))
      .execute();
    const printedOf = (tagId: number) =>
      audit
        .filter((a) => a.entity_id === String(tagId))
        .map((a) => (a.after as { printed: Record<string, unknown> }).printed);
    expect(printedOf(tagIds[0]!)).toEqual([
      expect.objectContaining({ applier: contractorName, linkRevoked: false, reason: 'Belt change' }),
    ]);
    expect(printedOf(tagIds[0]!)[0]!.stamp).toBe(fresh.stamps[0]);
    expect(printedOf(tagIds[1]!)).toEqual([expect.objectContaining({ applier: contractorName, linkRevoked: true })]);
    expect(printedOf(tagIds[2]!)).toEqual([expect.objectContaining({ applier: null, stamp: stamps[2] })]);
    const tokens = await db().selectFrom('tags').select('status_token').where('id', 'in', tagIds).execute();
    // The trail keeps no status address.
    for (const { status_token } of tokens) expect(JSON.stringify(audit)).not.toContain(status_token);

    // Stamps are required: the tags as they are when the command runs may not be what was printed.
    const unstamped = await call('supervisor', 'POST', '/api/print-list/mark-printed', { kind: 'tag', ids: tagIds });
    expect(unstamped.statusCode).toBe(400);
    expect(unstamped.json()).toMatchObject({ details: [{ field: 'stamps' }] });
  });

  it('reprints a printed tag only with a reason, audited with it; never a planned one', async () => {
    const { tagIds } = await plannedTags(2);
    await markTags('supervisor', [tagIds[0]!]);
    const noReason = await call('supervisor', 'POST', '/api/print-list/reprint', {
      kind: 'tag',
      id: tagIds[0],
      reason: '  ',
    });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.body).toContain('Reason is required');
    const planned = await call('supervisor', 'POST', '/api/print-list/reprint', {
      kind: 'tag',
      id: tagIds[1],
      reason: 'Torn',
    });
    expect(planned.statusCode).toBe(409);
    expect(planned.json<{ message: string }>().message).toContain('only a tag that is Printed');

    const reprint = await call('supervisor', 'POST', '/api/print-list/reprint', {
      kind: 'tag',
      id: tagIds[0],
      reason: 'Torn in the printer',
    });
    expect(reprint.statusCode).toBe(200);
    expect(reprint.json()).toMatchObject({ kind: 'tag', ID: tagIds[0], reprintCount: 1 });
    const row = await db()
      .selectFrom('tags')
      .select(['reprint_count', 'reprinted_at'])
      .where('id', '=', tagIds[0]!)
      .executeTakeFirstOrThrow();
    expect(row.reprint_count).toBe(1);
    const audit = await db()
      .selectFrom('audit_log')
      .select(['action', 'reason', 'user_id'])
      .where('entity_type', '=', 'tag')
      .where('entity_id', '=', String(tagIds[0]))
      .where('action', '=', 'tag.reprint')
      .executeTakeFirstOrThrow();
    expect(audit).toEqual({
      action: 'tag.reprint',
      reason: 'Torn in the printer',
      user_id: await userId('supervisor'),
    });
  });

  it('a reprint sent again with its Idempotency-Key counts once; a stale If-Match is refused', async () => {
    const { tagIds } = await plannedTags(1);
    const tagId = tagIds[0]!;
    await markTags('supervisor', [tagId]);
    const key = { 'idempotency-key': `reprint-${tagId}` };
    const body = { kind: 'tag', id: tagId, reason: 'Smudged' };
    const answers = [];
    for (let i = 0; i < 3; i++) answers.push(await call('supervisor', 'POST', '/api/print-list/reprint', body, key));
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200]);
    expect(answers.map((a) => a.headers['idempotent-replayed'])).toEqual([undefined, 'true', 'true']);
    const reprints = async () =>
      (await db().selectFrom('tags').select('reprint_count').where('id', '=', tagId).executeTakeFirstOrThrow())
        .reprint_count;
    expect(await reprints()).toBe(1);
    const audited = await db()
      .selectFrom('audit_log')
      .select('id')
      .where('entity_type', '=', 'tag')
      .where('entity_id', '=', String(tagId))
      .where('action', '=', 'tag.reprint')
      .execute();
    expect(audited).toHaveLength(1);
    const stale = await call('supervisor', 'POST', '/api/print-list/reprint', body, { 'if-match': '"1"' });
    expect(stale.statusCode).toBe(409);
    expect(await reprints()).toBe(1);
  });

  it('answers only those with Print List, and only within the facility', async () => {
    const { permitId, tagIds } = await plannedTags(1);
    for (const [method, url, body] of [
      ['GET', '/api/print-list', undefined],
      ['POST', '/api/print-list/pdf', { kind: 'tag', ids: tagIds }],
      ['POST', '/api/print-list/mark-printed', { kind: 'tag', ids: tagIds, stamps: ['worker'] }],
      ['POST', '/api/print-list/reprint', { kind: 'tag', id: tagIds[0], reason: 'Torn' }],
    ] as const) {
      expect((await call('worker', method, url, body)).statusCode, `${method} ${url}`).toBe(403);
    }
    const other = await markTags('otherFacility', tagIds);
    expect(other.json()).toEqual({ printed: [], refused: [{ ID: tagIds[0], message: 'Tag not found' }] });
    expect(
      (await call('otherFacility', 'POST', '/api/print-list/reprint', { kind: 'tag', id: tagIds[0], reason: 'x' }))
        .statusCode,
    ).toBe(404);
    expect(
      (await call('otherFacility', 'GET', `/api/print-list?permitId=${permitId}`)).json<{ items: unknown[] }>().items,
    ).toEqual([]);
    expect(
      (await db().selectFrom('tags').select('state').where('id', '=', tagIds[0]!).executeTakeFirstOrThrow()).state,
    ).toBe('planned');
  });
});

describe('print settings', () => {
  it('lists the three tag layouts in the default style, saves one (audited, versioned) and the PDF uses it', async () => {
    const list = await call('admin', 'GET', '/api/print-settings/tag-layouts');
    expect(list.statusCode).toBe(200);
    const { layouts } = list.json<{ layouts: { key: string; version: number; fields: string[] }[] }>();
    expect(layouts.map((l) => l.key)).toEqual(['tag-standard-3x5', 'tag-small-2x4', 'tag-large-4x6']);

    const legend = await db()
      .selectFrom('master_list_items')
      .select(['id', 'value'])
      .where('facility_id', '=', 1)
      .where('list_key', '=', 'tag-legends')
      .where('is_active', '=', true)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    const draft = {
      name: 'Small yellow',
      bandColour: '#facc15',
      bandTextColour: '#000000',
      bodyColour: '#FFFFFF',
      legendItemId: legend.id,
      fields: ['number', 'permit', 'applier', 'date', 'qr'],
    };
    const bad = await call('admin', 'PUT', '/api/print-settings/tag-layouts/tag-small-2x4', {
      ...draft,
      bandColour: 'red',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('Expected a colour such as #B91C1C');
    const colour = await call('admin', 'PUT', '/api/print-settings/tag-layouts/tag-small-2x4', {
      ...draft,
      legendItemId: 999999,
    });
    expect(colour.json<{ details: { field: string }[] }>().details[0]!.field).toBe('legendItemId');

    const saved = await call('admin', 'PUT', '/api/print-settings/tag-layouts/tag-small-2x4', draft, {
      'if-match': '"0"',
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({
      key: 'tag-small-2x4',
      bandColour: '#FACC15',
      version: 1,
      legend: { ID: legend.id },
    });
    const stale = await call('admin', 'PUT', '/api/print-settings/tag-layouts/tag-small-2x4', draft, {
      'if-match': '"0"',
    });
    expect(stale.statusCode).toBe(409);
    const audit = await db()
      .selectFrom('audit_log')
      .select(['action', 'after'])
      .where('action', '=', 'tag-layouts.update')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(audit.after).toMatchObject({ key: 'tag-small-2x4', name: 'Small yellow', bandColour: '#FACC15' });

    // Isolation point tags print on it once their tag report link names it.
    await linkIsolationTags('tag-small-2x4');
    const { tagIds } = await plannedTags(1);
    const file = path.join(work, 'small.pdf');
    writeFileSync(file, (await pdfOf('admin', tagIds)).rawPayload);
    expect(execFileSync('pdfinfo', [file], { encoding: 'utf8' })).toMatch(/Page size:\s+144 x 288 pts/);
    const text = execFileSync('pdftotext', [file, '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ');
    expect(text).not.toContain('Reason:');
    // Unlinked, a tag prints on the default layout (3 × 5 in).
    await call('admin', 'PUT', '/api/tag-report-links', {
      links: [{ subject: 'tag:isolation-point-tag', layoutKey: null, reportKey: null }],
    });
    writeFileSync(file, (await pdfOf('admin', tagIds)).rawPayload);
    expect(execFileSync('pdfinfo', [file], { encoding: 'utf8' })).toMatch(/Page size:\s+216 x 360 pts/);
  });

  it('previews a draft as a PDF without saving it, and only for Print Settings', async () => {
    const draft = {
      name: 'Large',
      bandColour: '#1D4ED8',
      bandTextColour: '#FFFFFF',
      bodyColour: '#FFFFFF',
      legendItemId: null,
      fields: ['number', 'point', 'permit', 'applier', 'date', 'reason', 'qr'],
    };
    const preview = await call('admin', 'POST', '/api/print-settings/tag-layouts/tag-large-4x6/preview', draft);
    expect(preview.statusCode).toBe(200);
    const file = path.join(work, 'preview.pdf');
    writeFileSync(file, preview.rawPayload);
    expect(execFileSync('pdfinfo', [file], { encoding: 'utf8' })).toMatch(/Page size:\s+288 x 432 pts/);
    expect(execFileSync('pdftotext', [file, '-'], { encoding: 'utf8' })).toContain('T-0000-00001');
    const list = await call('admin', 'GET', '/api/print-settings/tag-layouts');
    expect(
      list.json<{ layouts: { key: string; version: number }[] }>().layouts.find((l) => l.key === 'tag-large-4x6')!
        .version,
    ).toBe(0);
    // The supervisor has Print List but not Print Settings.
    expect((await call('supervisor', 'GET', '/api/print-settings/tag-layouts')).statusCode).toBe(403);
    expect(
      (await call('supervisor', 'POST', '/api/print-settings/tag-layouts/tag-large-4x6/preview', draft)).statusCode,
    ).toBe(403);
  });
});
