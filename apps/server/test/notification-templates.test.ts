import type { AddressInfo } from 'node:net';
import { sql } from 'kysely';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  notificationVariables,
  type NotificationEmailList,
  type NotificationPreview,
  type NotificationTemplate,
  type NotificationTemplateInput,
  type NotificationTemplateList,
} from '@hasp/contracts';
import { EventBus } from '../src/platform/events/event-bus';
import { recordEvent } from '../src/platform/events/record-event';
import { Mailer } from '../src/modules/mail';
import { sendNotificationMail } from '../src/modules/notification-templates';
import { registerPermitNotifications } from '../src/modules/permits/permit-notifications.consumer';
import { permitDraft } from './support/permit-draft';
import { createTestApp, login, type TestApp } from './test-app';
import { waitUntil } from './support/wait-until';
import { permitTypeIdOf } from './support/permit-type-fixtures';
import { firstAssetOf } from './support/asset-fixtures';

/**
 * Notification templates over the real server, real PostgreSQL and a real SMTP server: every
 * variable rendered from a real permit, a missing translation read in English, HTML in a permit's
 * text escaped in the e-mail, e-mail sent by the job queue and retried after a refusal, a failure
 * visible to administrators, opt-outs (never of a safety-critical event), version check and audit.
 */
interface Received {
  to: string[];
  raw: string;
}
const mails: Received[] = [];
/** Addresses the relay refuses once (451, try again later) before accepting. */
const refuseOnce = new Set<string>();
/** Addresses the relay always refuses (550). */
const refuseAlways = new Set(['nobody@hasp.example']);
const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS', 'AUTH'],
  logger: false,
  onRcptTo(address, _session, callback) {
    if (refuseOnce.delete(address.address)) {
      callback(Object.assign(new Error('Mailbox busy, try again later'), { responseCode: 451 }));
      return;
    }
    if (refuseAlways.has(address.address)) {
      callback(Object.assign(new Error('No such mailbox here'), { responseCode: 550 }));
      return;
    }
    callback();
  },
  onData(stream, session, callback) {
    let raw = '';
    stream.setEncoding('utf8');
    stream.on('data', (chunk: string) => (raw += chunk));
    stream.on('end', () => {
      mails.push({ to: session.envelope.rcptTo.map((r) => r.address), raw });
      callback();
    });
  },
});

const PUBLIC_URL = 'https://hasp.plant.test';
let t: TestApp;
const tokens: Record<string, string> = {};
const users: Record<string, number> = {};
const db = () => t.connections[0]!.db;
const bus = new EventBus(() => {});
registerPermitNotifications(bus, { email: true, publicUrl: PUBLIC_URL });
let permit: { ID: number; number: string };

beforeAll(async () => {
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const port = (smtp.server.address() as AddressInfo).port;
  t = await createTestApp({
    env: {
      HASP_SMTP_URL: `smtp://127.0.0.1:${port}`,
      HASP_MAIL_FROM: 'Hasp <hasp@plant.test>',
      HASP_PUBLIC_URL: PUBLIC_URL,
    },
    jobs: { settings: { pollingIntervalSeconds: 0.5 } },
  });
  for (const row of await db().selectFrom('users').select(['id', 'user_name']).execute()) users[row.user_name] = row.id;
  for (const username of ['admin', 'supervisor', 'worker'])
    tokens[username] = (await login(t.app, { username })).json<{ token: string }>().token;
  tokens.adminRiverside = (await login(t.app, { username: 'admin', facilityId: 2 })).json<{ token: string }>().token;
  const lotoTypeId = await permitTypeIdOf(db(), 'LOTO');
  const asset = await firstAssetOf(db());
  const created = await call(
    'worker',
    'POST',
    '/api/permits',
    permitDraft(lotoTypeId, {
      title: 'Seal <script>alert("x")</script> & pump',
      plannedStart: '2026-12-01T08:00:00.000Z',
      holderId: users.supervisor!,
      areaId: asset.area_id,
      assetIds: [asset.id],
    }),
  );
  expect(created.statusCode, created.body).toBe(200);
  permit = created.json<{ ID: number; number: string }>();
}, 400_000);
afterAll(async () => {
  await t.close();
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
});

function call(as: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object, headers = {}) {
  return t.app.inject({
    method,
    url,
    headers: { authorization: `Bearer ${tokens[as]}`, ...headers },
    ...(payload ? { payload } : {}),
  });
}

const templates = async () =>
  (await call('admin', 'GET', '/api/notification-templates')).json<NotificationTemplateList>();
const templateOf = async (event: string) => (await templates()).templates.find((x) => x.event === event)!;

async function save(event: string, input: Partial<NotificationTemplateInput>, version?: number) {
  const current = await templateOf(event);
  return call(
    'admin',
    'PUT',
    `/api/notification-templates/${event}`,
    {
      channels: current.channels,
      recipients: current.recipients,
      groupIds: current.groupIds,
      texts: current.texts,
      ...input,
    },
    { 'if-match': `"${version ?? current.version}"` },
  );
}

/** Records a permit event on the real permit (as its command does) and delivers it. */
async function raise(name: string, people: Record<string, unknown>) {
  const payload = {
    permitId: permit.ID,
    number: permit.number,
    title: 'Seal <script>alert("x")</script> & pump',
    typeCode: 'LOTO',
    holderId: null,
    issuerId: null,
    ...people,
  };
  const id = await db()
    .transaction()
    .execute((trx) => recordEvent(trx, { name, facilityId: 1, entityType: 'permit', entityId: permit.ID, payload }));
  await bus.deliver(t.connections[0]!, id);
  return id;
}

const inboxOf = (userName: string, eventLike: string) =>
  db()
    .selectFrom('notifications')
    .select(['title', 'body', 'link'])
    .where('user_id', '=', users[userName]!)
    .where('title', 'like', eventLike)
    .orderBy('id', 'desc')
    .executeTakeFirst();

describe('notification templates', () => {
  it('lists every event with its default template: the texts the inbox always had, safety-critical marked', async () => {
    const list = await templates();
    expect(list.emailEnabled).toBe(true);
    const approve = list.templates.find((x) => x.event === 'permit.approve')!;
    expect(approve).toMatchObject({
      version: 0,
      safetyCritical: false,
      recipients: ['requester'],
      texts: [{ language: 'en', subject: '{{number}} {{title}}: approved', body: 'Approved by {{actor}}.' }],
    });
    expect(list.templates.find((x) => x.event === 'permit.expire')!.safetyCritical).toBe(true);
    expect(list.templates.find((x) => x.event === 'gas-test.out-of-limits')!.safetyCritical).toBe(true);
  });

  it('renders every variable in the preview from a real permit, times in the facility time zone, HTML escaped', async () => {
    const body = notificationVariables.map((name) => `${name}=[{{${name}}}]`).join('\n');
    const preview = (
      await call('admin', 'POST', '/api/notification-templates/permit.approve/preview', {
        permitId: permit.ID,
        subject: '{{number}}: {{title}}',
        body,
      })
    ).json<NotificationPreview>();
    const facts = await db()
      .selectFrom('permits as p')
      .innerJoin('permit_types as pt', 'pt.id', 'p.permit_type_id')
      .innerJoin('areas as a', 'a.id', 'p.area_id')
      .innerJoin('permit_assets as pa', 'pa.permit_id', 'p.id')
      .innerJoin('assets as s', 's.id', 'pa.asset_id')
      .innerJoin('facilities as f', 'f.id', 'p.facility_id')
      .select([
        'pt.name as type',
        'a.name as area',
        's.number as asset',
        's.description',
        'f.name as facility',
        'f.time_zone',
        sql<string>`to_char(p.planned_start at time zone f.time_zone, 'YYYY-MM-DD HH24:MI')`.as('start'),
        sql<string>`to_char(p.planned_end at time zone f.time_zone, 'YYYY-MM-DD HH24:MI')`.as('end'),
      ])
      .where('p.id', '=', permit.ID)
      .executeTakeFirstOrThrow();
    const expected: Record<string, string> = {
      number: permit.number,
      title: 'Seal <script>alert("x")</script> & pump',
      type: facts.type,
      asset: `${facts.asset} ${facts.description}`,
      area: facts.area,
      requester: 'Wren Worker',
      holder: 'Sam Supervisor',
      issuer: '',
      actor: 'Alex Admin',
      plannedStart: facts.start,
      plannedEnd: facts.end,
      at: 'AT',
      timeZone: facts.time_zone,
      facility: facts.facility,
      link: `${PUBLIC_URL}/Permit/Edit/${permit.ID}`,
      details: '',
    };
    for (const name of notificationVariables.filter((n) => n !== 'at'))
      expect(preview.text).toContain(`${name}=[${expected[name]}]`);
    // Now on the facility's clock (to the minute; the clock may tick between).
    expect(preview.text).toMatch(/at=\[\d{4}-\d\d-\d\d \d\d:\d\d\]/);
    expect(preview.text).not.toMatch(/\{\{/);
    expect(preview.subject).toBe(`${permit.number}: Seal <script>alert("x")</script> & pump`);
    expect(preview.html).not.toContain('<script>');
    expect(preview.html).toContain('title=[Seal &lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; pump]');
  });

  it("refuses a preview with another facility's permit (404)", async () => {
    const response = await call('adminRiverside', 'POST', '/api/notification-templates/permit.approve/preview', {
      permitId: permit.ID,
      subject: '{{number}}',
      body: '{{title}}',
    });
    expect(response.statusCode).toBe(404);
  });

  it('saves a template audited with a version check (a stale version is a 409); a bad recipient is a 400 naming the field', async () => {
    const first = await save('permit.suspend', {
      texts: [{ language: 'en', subject: '{{number}} stopped', body: 'Stopped by {{actor}}.' }],
    });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json<NotificationTemplate>().version).toBe(1);
    const stale = await save('permit.suspend', { texts: [{ language: 'en', subject: 'x', body: 'y' }] }, 0);
    expect(stale.statusCode).toBe(409);
    const bad = await save('permit.approve', { recipients: ['subject'] });
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ details: { field: string }[] }>().details[0]!.field).toBe('recipients');
    const noEnglish = await save('permit.approve', { texts: [{ language: 'es', subject: 'x', body: 'y' }] });
    expect(noEnglish.statusCode).toBe(400);
    const audit = await db()
      .selectFrom('audit_log')
      .select(['action', 'after'])
      .where('action', '=', 'notification-templates.update')
      .execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]!.after).toMatchObject({ event: 'permit.suspend', version: 1 });
  });

  it('sends the edited text in-app and by e-mail (text and HTML parts, the HTML escaped), a Spanish reader without a Spanish text reads English', async () => {
    const spanish = await db().selectFrom('languages').select('id').where('code', '=', 'es').executeTakeFirstOrThrow();
    await db().updateTable('users').set({ language_id: spanish.id }).where('id', '=', users.worker!).execute();
    try {
      const saved = await save('permit.approve', {
        channels: ['inApp', 'email'],
        texts: [{ language: 'en', subject: '{{number}} is approved', body: 'Go ahead: {{title}} by {{actor}}.' }],
      });
      expect(saved.statusCode, saved.body).toBe(200);
      await raise('permit.approve', { actorId: users.supervisor, requesterId: users.worker });
      expect(await inboxOf('worker', `${permit.number} is approved`)).toEqual({
        title: `${permit.number} is approved`,
        body: 'Go ahead: Seal <script>alert("x")</script> & pump by Sam Supervisor.',
        link: `/Permit/Edit/${permit.ID}`,
      });
      const mail = await waitUntil(
        async () => mails.find((m) => m.raw.includes(`${permit.number} is approved`)),
        'the approval e-mail',
      );
      expect(mail.to).toEqual(['worker@hasp.example']);
      expect(mail.raw).toMatch(/^From: Hasp <hasp@plant\.test>/m);
      expect(mail.raw).toMatch(/Content-Type: text\/plain/);
      expect(mail.raw).toMatch(/Content-Type: text\/html/);
      const html = mail.raw.slice(mail.raw.indexOf('Content-Type: text/html'));
      // quoted-printable: `=3D` is "=" (line breaks of the encoding joined back first).
      const decoded = html
        .replace(/=\r?\n/g, '')
        .replace(/=3D/g, '=')
        .replace(/=22/g, '"');
      expect(decoded).not.toContain('<script>');
      expect(decoded).toContain('Seal &lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; pump');
      expect(decoded).toContain(`${PUBLIC_URL}/Permit/Edit/${permit.ID}`);
      // A Spanish text, once there, is what the Spanish reader gets.
      await save('permit.approve', {
        texts: [
          { language: 'en', subject: '{{number}} is approved', body: 'Go ahead.' },
          { language: 'es', subject: '{{number}} aprobado', body: 'Adelante.' },
        ],
      });
      await raise('permit.approve', { actorId: users.supervisor, requesterId: users.worker });
      expect(await inboxOf('worker', `${permit.number} aprobado`)).toMatchObject({ body: 'Adelante.' });
    } finally {
      await db().updateTable('users').set({ language_id: null }).where('id', '=', users.worker!).execute();
    }
  });

  it('retries an e-mail the relay refused once, through the job queue; a failure is visible to administrators', async () => {
    refuseOnce.add('supervisor@hasp.example');
    await save('permit.issue', {
      channels: ['email'],
      recipients: ['holder'],
      texts: [{ language: 'en', subject: '{{number}} issued to you', body: 'Issued.' }],
    });
    await raise('permit.issue', { actorId: users.admin, requesterId: users.worker, holderId: users.supervisor });
    // E-mail only: nothing in the inbox.
    expect(await inboxOf('supervisor', `${permit.number} issued to you`)).toBeUndefined();
    const refused = await waitUntil(async () => {
      const row = await db()
        .selectFrom('notification_emails')
        .select(['id', 'state', 'error'])
        .where('subject', '=', `${permit.number} issued to you`)
        .executeTakeFirst();
      return row?.error ? row : null;
    }, 'the refusal');
    expect(refused.state).toBe('queued');
    expect(refused.error).toMatch(/451|busy/i);
    // The retry is due a minute later (mailRetry): bring it forward instead of waiting.
    await sql`update pgboss.job set start_after = now() where name = 'notification-mail' and state = 'retry'`.execute(
      db(),
    );
    await waitUntil(
      async () => mails.find((m) => m.raw.includes(`${permit.number} issued to you`)),
      'the retried e-mail',
    );
    const listed = (await call('admin', 'GET', '/api/notification-templates/emails')).json<NotificationEmailList>();
    await waitUntil(
      async () =>
        (await call('admin', 'GET', '/api/notification-templates/emails'))
          .json<NotificationEmailList>()
          .emails.find((e) => e.ID === refused.id && e.state === 'sent'),
      'state sent',
    );
    expect(listed.emails.some((e) => e.ID === refused.id)).toBe(true);
    // Another facility's administrator sees none of these.
    const riverside = (
      await call('adminRiverside', 'GET', '/api/notification-templates/emails')
    ).json<NotificationEmailList>();
    expect(riverside.emails).toEqual([]);
  });

  it('keeps the relay’s words on an e-mail that failed its last attempt', async () => {
    const row = await db()
      .insertInto('notification_emails')
      .values({
        facility_id: 1,
        source: 'test:1',
        event: 'permit.close',
        user_id: users.worker!,
        to_address: 'nobody@hasp.example',
        subject: 'Closed',
        text_body: 'Closed.',
        html_body: '<p>Closed.</p>',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    // The last attempt (the queue's own earlier attempts, if the sweep got there first, leave it queued).
    const mailer = new Mailer({ smtpUrl: t.config.smtpUrl, mailFrom: 'hasp@plant.test' });
    await expect(sendNotificationMail(t.connections[0]!, mailer, row.id, true, () => new Date())).rejects.toThrow();
    mailer.close();
    const failed = (await call('admin', 'GET', '/api/notification-templates/emails'))
      .json<NotificationEmailList>()
      .emails.find((e) => e.ID === row.id)!;
    expect(failed.state).toBe('failed');
    expect(failed.error).toMatch(/550|No such mailbox/);
  });

  it('lets a user switch off a routine event but never a safety-critical one', async () => {
    const refused = await call('worker', 'PUT', '/api/profile/notification-opt-outs', {
      events: ['permit.close', 'permit.expire'],
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json<{ details: { field: string }[] }>().details[0]!.field).toBe('events');
    const off = await call('worker', 'PUT', '/api/profile/notification-opt-outs', { events: ['permit.close'] });
    expect(off.json()).toEqual({ events: ['permit.close'] });
    await raise('permit.close', { actorId: users.admin, requesterId: users.worker, holderId: users.supervisor });
    expect(await inboxOf('worker', `${permit.number} %: closed`)).toBeUndefined();
    expect(await inboxOf('supervisor', `${permit.number} %: closed`)).toBeDefined();
    // Even with a row written behind the server's back, a safety-critical notice still arrives.
    await db().insertInto('notification_opt_outs').values({ user_id: users.worker!, event: 'permit.expire' }).execute();
    await raise('permit.expire', { actorId: null, requesterId: users.worker, holderId: users.supervisor });
    expect(await inboxOf('worker', `${permit.number} %: expired`)).toBeDefined();
  });

  it('sends to the members of a chosen group as well', async () => {
    const group = await db()
      .selectFrom('groups')
      .select('id')
      .where('facility_id', '=', 1)
      .where('name', '=', 'Contractors')
      .executeTakeFirstOrThrow();
    await save('permit.hand-over', { groupIds: [group.id], recipients: ['holder'], channels: ['inApp'] });
    await raise('permit.hand-over', {
      actorId: users.admin,
      requesterId: users.worker,
      holderId: users.supervisor,
      newHolderId: users.worker,
    });
    expect(await inboxOf('contractor', `${permit.number} %: handed over`)).toBeDefined();
    expect(await inboxOf('worker', `${permit.number} %: handed over`)).toBeDefined();
    // previousHolder is no longer chosen.
    expect(await inboxOf('supervisor', `${permit.number} %: handed over`)).toBeUndefined();
  });
});
