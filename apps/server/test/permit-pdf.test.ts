import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  permitStatusLabels,
  tagStateLabels,
  type IsolationPlan,
  type Permit,
  type PermitApprovals,
} from '@hasp/contracts';
import { hashPassword } from '../src/modules/auth/password';
import { permitDraft } from './support/permit-draft';
import { callAs, newPressPermit, startIsolationPlanApp, type IsolationPlanApp } from './support/isolation-plan-app';
import { applyPointTag, newLock, putLock } from './support/loto-fixtures';
import { answerStage } from './support/permit-answers';
import { permitTypeIdOf } from './support/permit-type-fixtures';
import { DEMO_PASSWORD, login, type TestApp } from './test-app';

/**
 * The permit PDF, the job-site copy (quality bar R23) over the real server and the
 * demo data: its text read back with poppler's pdftotext, its QR code read back from the page
 * rendered by pdftoppm, permit words that look like addresses never fetched, and who may have it.
 */
const run = promisify(execFile);
let t: TestApp;
let dir: string;
let app: IsolationPlanApp;
let tokens: Record<string, string>;
const db = () => t.connections[0]!.db;
const HOST = 'hasp.example.test';

const getPdf = (as: string, id: number) =>
  t.app.inject({
    method: 'GET',
    url: `/api/permits/${id}/pdf`,
    headers: { authorization: `Bearer ${tokens[as]}`, host: HOST },
  });
const getJson = async <T>(as: string, url: string): Promise<T> => {
  const response = await t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${tokens[as]}` } });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<T>();
};

/** The PDF's text as poppler reads it, pages in order (-layout off: one phrase a line, as printed). */
async function pdfText(bytes: Buffer, name: string): Promise<string> {
  const file = join(dir, `${name}.pdf`);
  await writeFile(file, bytes);
  const { stdout } = await run('pdftotext', ['-enc', 'UTF-8', file, '-']);
  return stdout;
}

/**
 * A LOTO permit on the press PR-001 walked through its own commands: requested (its checklist
 * answered), signed by the supervisor with his password (a signature), the plan filled and every
 * point isolated, then a lock (the locks module's applyLock) and a tag applied on each point.
 */
async function lockedOutPermit(): Promise<{ permit: Permit; plan: IsolationPlan; approvals: PermitApprovals }> {
  const id = await newPressPermit(app, 'Replace the press ram seal', 4);
  const expectOk = async (response: Awaited<ReturnType<typeof callAs>>) =>
    expect(response.statusCode, response.body).toBe(200);
  const give = (as: string, verb: string, body: object = {}) =>
    callAs(app, as, 'POST', `/api/permits/${id}/isolation-plan/commands/${verb}`, body);
  await answerStage(t.app, tokens.worker!, id, 'request');
  await expectOk(await callAs(app, 'worker', 'POST', `/api/permits/${id}/commands/request`, {}));
  await expectOk(
    await callAs(app, 'supervisor', 'POST', `/api/permits/${id}/commands/approve`, { password: DEMO_PASSWORD }),
  );
  await expectOk(await give('worker', 'fill'));
  await expectOk(await give('supervisor', 'notify'));
  await expectOk(await give('supervisor', 'shut-down'));
  let plan = await getJson<IsolationPlan>('supervisor', `/api/permits/${id}/isolation-plan`);
  for (const point of plan.points) {
    await expectOk(await give('supervisor', 'isolate-point', { planPointId: point.ID }));
    if (point.lockable)
      await putLock(
        db(),
        { permitId: id, planPointId: point.ID },
        await newLock(db(), `PDF-${id}-${point.code}`, id),
        app.ids.supervisor!,
      );
    await applyPointTag(t.app, tokens.supervisor!, id, point.ID);
  }
  plan = await getJson<IsolationPlan>('supervisor', `/api/permits/${id}/isolation-plan`);
  return {
    permit: await getJson<Permit>('supervisor', `/api/permits/${id}`),
    plan,
    approvals: await getJson<PermitApprovals>('supervisor', `/api/permits/${id}/signatures`),
  };
}
let subject: Awaited<ReturnType<typeof lockedOutPermit>>;

/** The images drawn in a PDF (poppler's pdfimages; a transparency mask is not one). */
async function imagesIn(bytes: Buffer, name: string): Promise<number> {
  const file = join(dir, `${name}-images.pdf`);
  await writeFile(file, bytes);
  const { stdout } = await run('pdfimages', ['-list', file]);
  return stdout.split('\n').filter((line) => /^\s*\d+\s+\d+\s+image\b/.test(line)).length;
}

beforeAll(async () => {
  app = await startIsolationPlanApp(['admin', 'supervisor', 'worker']);
  t = app.t;
  tokens = app.tokens;
  dir = await mkdtemp(join(tmpdir(), 'hasp-permit-pdf-'));
  // Someone of North Plant in no group: signed in, allowed no permit type.
  const nobody = await db()
    .insertInto('users')
    .values({
      user_name: 'nobody',
      display_name: 'No Body',
      email: null,
      password_hash: await hashPassword('nobody-pass-2026'),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db().insertInto('user_facilities').values({ user_id: nobody.id, facility_id: 1 }).execute();
  for (const [name, username, facilityId, password] of [
    ['adminRiverside', 'admin', 2, undefined],
    ['nobody', 'nobody', 1, 'nobody-pass-2026'],
  ] as const) {
    const response = await login(t.app, { username, facilityId, ...(password ? { password } : {}) });
    expect(response.statusCode, response.body).toBe(200);
    tokens[name] = response.json<{ token: string }>().token;
  }
  subject = await lockedOutPermit();
}, 120_000);

afterAll(async () => {
  await t?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe('the permit PDF (job-site copy)', () => {
  it('prints the header, people and validity, and the isolation points with their locks and tags', async () => {
    const { permit, plan } = subject;
    const response = await getPdf('admin', permit.ID);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toContain(`filename="${permit.number}.pdf"`);
    expect(response.headers['cache-control']).toBe('no-store');
    const text = await pdfText(response.rawPayload, 'loto');

    // Header: facility, type, number, status, title; the people.
    expect(text).toContain('North Plant');
    expect(text).toContain(`${permit.permitType.code}: ${permit.permitType.name}`);
    expect(text).toContain(`Permit number: ${permit.number}`);
    expect(text).toContain(`Status: ${permitStatusLabels[permit.status]}`);
    expect(text).toContain(permit.title);
    expect(text).toContain(`Requester: ${permit.requester.displayName}`);
    // Validity in North Plant's time zone (America/Chicago), each time with its offset.
    expect(text).toContain('America/Chicago');
    expect(text).toMatch(/Planned start: \d{4}-\d\d-\d\d \d\d:\d\d -0[56]:00/);

    // The plan's (d) steps with who and when; the (e) steps not yet.
    expect(text).toMatch(/Notify affected employees: Sam Supervisor, \d{4}-\d\d-\d\d \d\d:\d\d -0[56]:00/);
    expect(text).toMatch(/Shut down: Sam Supervisor, \d{4}-\d\d-\d\d \d\d:\d\d -0[56]:00/);
    expect(text).toContain('Release stored energy: Not yet');
    // Every point of the plan by its code, and each lock's serial and applied tag's number on it.
    for (const point of plan.points) {
      expect(text).toContain(`${point.position + 1}. ${point.code}:`);
      for (const lock of point.locks)
        expect(text).toContain(`Lock ${lock.serial}, applied by ${lock.appliedBy.displayName}`);
      for (const tag of point.tags.filter((x) => x.appliedBy))
        expect(text).toContain(
          `Tag ${tag.number} (${tagStateLabels[tag.state]}), applied by ${tag.appliedBy!.displayName}`,
        );
    }
    // Every page says which permit it is and which page of how many.
    expect(text).toMatch(new RegExp(`${escape(permit.number)}\\s+Page 1 of \\d+`));
  });

  it('prints each signature with its meaning, the signer and the time with its UTC offset', async () => {
    const { permit, approvals } = subject;
    const text = await pdfText((await getPdf('admin', permit.ID)).rawPayload, 'signed');
    expect(approvals.signatures.length).toBeGreaterThan(0);
    for (const s of approvals.signatures) {
      // North Plant is in America/Chicago: "2026-11-24 14:05 -06:00" (-05:00 in summer).
      expect(s.signedAtLocal).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d -0[56]:00$/);
      const meaning = s.meaning.charAt(0).toUpperCase() + s.meaning.slice(1);
      expect(text).toContain(`${meaning}: ${s.signerName}, ${s.signedAtLocal}`);
      expect(text).toContain(`Stage ${s.stagePosition}: ${s.stageName}. Revision ${s.revision}`);
    }
  });

  it("is worded in the reader's language: a Spanish reader gets the Spanish copy", async () => {
    const { permit } = subject;
    const spanish = await db().selectFrom('languages').select('id').where('code', '=', 'es').executeTakeFirstOrThrow();
    await db().updateTable('users').set({ language_id: spanish.id }).where('user_name', '=', 'supervisor').execute();
    try {
      const text = await pdfText((await getPdf('supervisor', permit.ID)).rawPayload, 'spanish');
      expect(text).toContain(`Número de permiso: ${permit.number}`);
      expect(text).toContain('Lista de aislamientos');
      expect(text).toContain('Firmas');
      expect(text).not.toContain('Isolation list');
    } finally {
      await db().updateTable('users').set({ language_id: null }).where('user_name', '=', 'supervisor').execute();
    }
  });

  it("holds a QR code that reads back as the permit's page on the server the browser used", async () => {
    const { permit } = subject;
    const response = await getPdf('admin', permit.ID);
    const file = join(dir, 'qr.pdf');
    await writeFile(file, response.rawPayload);
    await run('pdftoppm', ['-png', '-r', '110', '-f', '1', '-l', '1', '-singlefile', file, join(dir, 'qr-page')]);
    const png = PNG.sync.read(await readFile(join(dir, 'qr-page.png')));
    const code = jsQR(new Uint8ClampedArray(png.data), png.width, png.height);
    expect(code?.data).toBe(`http://${HOST}/Permit/Edit/${permit.ID}`);
    // The same address is printed under the code, for when no phone can scan it.
    expect(await pdfText(response.rawPayload, 'qr')).toContain(`http://${HOST}/Permit/Edit/${permit.ID}`);
  });

  it('fetches nothing that permit text points at: no request to a canary, no file read', async () => {
    const hits: string[] = [];
    const canary: Server = createServer((request, reply) => {
      hits.push(request.url ?? '');
      reply.end('canary');
    });
    await new Promise<void>((resolve) => canary.listen(0, '127.0.0.1', resolve));
    const port = (canary.address() as AddressInfo).port;
    try {
      const description = `Pump seal <img src="http://127.0.0.1:${port}/canary.png"> <a href="http://127.0.0.1:${port}/link">spec</a>`;
      const workMethod = '<img src="file:///etc/passwd"><img src="/etc/passwd"> drain first';
      const created = await t.app.inject({
        method: 'POST',
        url: '/api/permits',
        headers: { authorization: `Bearer ${tokens.admin}` },
        payload: permitDraft(await permitTypeIdOf(db(), 'LOTO'), { title: 'Canary permit', description, workMethod }),
      });
      expect(created.statusCode, created.body).toBe(200);
      const permit = created.json<Permit>();
      const response = await getPdf('admin', permit.ID);
      expect(response.statusCode, response.body).toBe(200);
      const text = await pdfText(response.rawPayload, 'canary');
      // Printed as the characters they are (plain text), never followed.
      expect(text.replace(/\s+/g, ' ')).toContain(`<img src="http://127.0.0.1:${port}/canary.png">`);
      expect(text).toContain('file:///etc/passwd');
      expect(text).not.toMatch(/root:.*:0:0:/);
      // The only picture in the file is the QR code: nothing from the permit's words was embedded.
      expect(await imagesIn(response.rawPayload, 'canary')).toBe(1);
      // A request the PDF could have caused would have arrived by now (the PDF is complete).
      await new Promise<void>((resolve) => canary.close(() => resolve()));
      expect(hits).toEqual([]);
    } finally {
      canary.closeAllConnections();
    }
  });

  it('is refused to a user of another facility (404) and to one who may not view the type (403)', async () => {
    const { permit } = subject;
    expect((await getPdf('adminRiverside', permit.ID)).statusCode).toBe(404);
    const refused = await getPdf('nobody', permit.ID);
    expect(refused.statusCode).toBe(403);
    expect(refused.headers['content-type']).toContain('application/json');
    expect((await getPdf('admin', 2_000_000_000)).statusCode).toBe(404);
  });
});

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
