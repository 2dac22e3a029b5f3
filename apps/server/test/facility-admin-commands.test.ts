import { describe, expect, it } from 'vitest';
import type { AdminFacility, TagReportLinks } from '@hasp/contracts';
import { useCommandApp, keyUsed, recordCounts, recordsOfRequest, requestOf, type Method } from './support/command-app';

// The facility's profile and logo, the captions' translations, the tag report links and the
// Administrator's facilities are written by commands (decision 0121): each is audited and
// announced through the runner under the request's id and applies once per Idempotency-Key; a
// refusal records nothing and leaves its key free. None of these rows has a version: the answer's
// ETag is 0, and an If-Match naming another is refused as stale.

const { app, db, send } = useCommandApp();
const png = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.from(
    '0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201a0a4e5d60000000049454e44ae426082',
    'hex',
  ),
]).toString('base64');
const profile = (address: string) => ({
  name: 'North Plant',
  address,
  timeZone: 'America/Chicago',
  defaultLanguageCode: null,
});

/** Sends the command twice with one key: the second answers what the first did, applied once. */
async function sentTwice(method: Method, url: string, key: string, payload?: object) {
  const counts = await recordCounts(db());
  const first = await send(method, url, { 'idempotency-key': key }, payload);
  const replay = await send(method, url, { 'idempotency-key': key }, payload);
  expect(first.statusCode, first.body).toBe(200);
  expect(replay.statusCode).toBe(200);
  expect(replay.headers['idempotent-replayed']).toBe('true');
  expect(replay.body).toBe(first.body);
  expect(first.headers.etag).toBe('"0"');
  expect(await recordCounts(db())).toEqual([counts[0] + 1, counts[1] + 1]);
  return { first, ...(await recordsOfRequest(db(), requestOf(first))) };
}

/** Sends a change that must be refused with `status`, and shows it recorded nothing and left its key free. */
async function refused(method: Method, url: string, key: string, status: number, payload?: object, headers = {}) {
  const counts = await recordCounts(db());
  const answer = await send(method, url, { 'idempotency-key': key, ...headers }, payload);
  expect(answer.statusCode, answer.body).toBe(status);
  expect(await recordCounts(db())).toEqual(counts);
  expect(await keyUsed(db(), key)).toBe(false);
  return answer;
}

const actions = (records: { audits: { action: string }[]; events: { name: string }[] }) => ({
  audits: records.audits.map((a) => a.action),
  events: records.events.map((e) => e.name),
});

describe('facility profile commands', () => {
  it('edits the profile, replaces and removes the logo once per key, each audited and announced', async () => {
    const edited = await sentTwice('PUT', '/api/facility-profile', 'profile-edit-1', profile('2 Harbour Rd'));
    expect(edited.first.json()).toMatchObject({ address: '2 Harbour Rd' });
    expect(edited.audits).toEqual([
      { action: 'facility.profile.update', entity_type: 'facility', entity_id: '1', address: '127.0.0.1' },
    ]);
    expect(edited.events).toEqual([{ name: 'facility.profile.changed', entity_type: 'facility', entity_id: '1' }]);

    const logo = { contentType: 'image/png', data: png };
    const replaced = await sentTwice('PUT', '/api/facility-profile/logo', 'logo-replace-1', logo);
    expect(actions(replaced)).toEqual({ audits: ['facility.logo.update'], events: ['facility.logo.replaced'] });
    const removed = await sentTwice('DELETE', '/api/facility-profile/logo', 'logo-remove-1');
    expect(removed.first.json<{ logo: unknown }>().logo).toBeNull();
    expect(actions(removed)).toEqual({ audits: ['facility.logo.remove'], events: ['facility.logo.removed'] });
  });

  it('refuses a bad time zone, a bad logo and a stale If-Match, changing nothing', async () => {
    const zone = await refused('PUT', '/api/facility-profile', 'profile-refused-1', 400, {
      ...profile('Lost'),
      timeZone: 'Mars/Olympus',
    });
    expect(zone.json<{ details: { field: string }[] }>().details[0]!.field).toBe('timeZone');
    await refused('PUT', '/api/facility-profile/logo', 'logo-refused-1', 400, {
      contentType: 'image/png',
      data: Buffer.from('not a picture').toString('base64'),
    });
    await refused('PUT', '/api/facility-profile', 'profile-stale-1', 409, profile('Lost'), { 'if-match': '"3"' });
    const row = await db().selectFrom('facilities').select('address').where('id', '=', 1).executeTakeFirstOrThrow();
    expect(row.address).not.toBe('Lost');
  });
});

describe('translation commands', () => {
  async function aCaption() {
    const spanish = (await app.t.app.inject({ url: '/api/languages?connectionStringName=Demo' }))
      .json<{ ID: number; code: string }[]>()
      .find((l) => l.code === 'es')!;
    const caption = await db().selectFrom('captions').select('id').orderBy('id').executeTakeFirstOrThrow();
    return `/api/translations/${caption.id}/languages/${spanish.ID}`;
  }

  it('saves a caption once per key, connection-wide, and records nothing for the text it has', async () => {
    const url = await aCaption();
    const saved = await sentTwice('PUT', url, 'caption-save-1', { preferredCaption: 'Una vez' });
    expect(saved.first.json()).toMatchObject({ preferredCaption: 'Una vez' });
    expect(actions(saved)).toEqual({ audits: ['translation.update'], events: ['translation.changed'] });
    const event = await db()
      .selectFrom('domain_events')
      .select(['facility_id', 'payload'])
      .where('request_id', '=', requestOf(saved.first))
      .executeTakeFirstOrThrow();
    expect(event).toEqual({ facility_id: null, payload: { language: 'es' } });
    const counts = await recordCounts(db());
    expect((await send('PUT', url, {}, { preferredCaption: 'Una vez' })).statusCode).toBe(200);
    expect(await recordCounts(db())).toEqual(counts);
  });

  it('refuses an unknown caption and a stale If-Match, leaving the key free', async () => {
    const url = await aCaption();
    const language = url.split('/').at(-1);
    await refused('PUT', `/api/translations/999999/languages/${language}`, 'caption-refused-1', 404, {
      preferredCaption: 'Nada',
    });
    await refused('PUT', url, 'caption-stale-1', 409, { preferredCaption: 'Nada' }, { 'if-match': '"1"' });
  });
});

describe('tag report link commands', () => {
  it('saves links once per key, and records nothing when nothing changes', async () => {
    const body = { links: [{ subject: 'tag:permit-tag', layoutKey: 'tag-large-4x6', reportKey: 'tag-summary' }] };
    const saved = await sentTwice('PUT', '/api/tag-report-links', 'links-save-1', body);
    const links = saved.first.json<TagReportLinks>().links;
    expect(links.find((l) => l.subject === 'tag:permit-tag')).toMatchObject({ layoutKey: 'tag-large-4x6' });
    expect(saved.audits).toEqual([
      { action: 'tag-report-links.update', entity_type: 'tag_report_links', entity_id: '1', address: '127.0.0.1' },
    ]);
    expect(saved.events.map((e) => e.name)).toEqual(['tag-report-links.changed']);
    const counts = await recordCounts(db());
    expect((await send('PUT', '/api/tag-report-links', {}, body)).statusCode).toBe(200);
    expect(await recordCounts(db())).toEqual(counts);
  });

  it('refuses a link that does not fit its subject, storing nothing', async () => {
    await refused('PUT', '/api/tag-report-links', 'links-refused-1', 400, {
      links: [{ subject: 'tag:lockbox-tag', layoutKey: 'permit-a4', reportKey: null }],
    });
  });
});

describe('administrator facility commands', () => {
  it('creates and edits a facility once per key, audited connection-wide and announced', async () => {
    const created = await sentTwice('POST', '/api/admin/facilities', 'facility-create-1', {
      name: 'Once Works',
      companyID: null,
    });
    const facility = created.first.json<AdminFacility>();
    expect(await db().selectFrom('facilities').select('id').where('name', '=', 'Once Works').execute()).toHaveLength(1);
    expect(actions(created)).toEqual({ audits: ['facility.create'], events: ['facility.created'] });
    const url = `/api/admin/facilities/${facility.ID}`;
    const renamed = await sentTwice('PUT', url, 'facility-edit-1', {
      name: 'Once Works, renamed',
      companyID: null,
      isActive: true,
    });
    expect(renamed.first.json()).toMatchObject({ name: 'Once Works, renamed' });
    expect(actions(renamed)).toEqual({ audits: ['facility.update'], events: ['facility.changed'] });
    const deactivated = await sentTwice('PUT', url, 'facility-edit-2', {
      name: 'Once Works, renamed',
      companyID: null,
      isActive: false,
    });
    expect(actions(deactivated)).toEqual({ audits: ['facility.deactivate'], events: ['facility.deactivated'] });
    const audit = await db()
      .selectFrom('audit_log')
      .select('facility_id')
      .where('request_id', '=', requestOf(deactivated.first))
      .executeTakeFirstOrThrow();
    expect(audit.facility_id).toBeNull();
  });

  it('refuses deactivating the facility one is signed in to, a taken name and a stale If-Match', async () => {
    const own = await refused('PUT', '/api/admin/facilities/1', 'facility-refused-1', 409, {
      name: 'North Plant',
      companyID: null,
      isActive: false,
    });
    expect(own.json<{ message: string }>().message).toMatch(/signed in to this facility/);
    await refused('POST', '/api/admin/facilities', 'facility-refused-2', 400, { name: 'north plant', companyID: null });
    await refused(
      'PUT',
      '/api/admin/facilities/1',
      'facility-stale-1',
      409,
      { name: 'Lost', companyID: null, isActive: true },
      { 'if-match': '"2"' },
    );
  });
});
