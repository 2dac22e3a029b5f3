import { describe, expect, it } from 'vitest';
import type { DashboardLayout, NotificationTemplate, TagLayout } from '@hasp/contracts';
import { commandChecks, countRows, useCommandApp } from './support/command-app';

// The configuration screens' writes run as commands (decision 0120): the dashboards' layouts,
// notification templates and a user's opt-outs, tag layouts and numbering. Each is audited and
// announced through the runner under the request's id, applies once per Idempotency-Key, refuses a
// stale If-Match where the record has a version, and a refusal leaves nothing behind.

const { db, send } = useCommandApp();
const { sentTwice, refused } = commandChecks(db, send);

const layout: DashboardLayout = { items: [{ widget: 'locks', x: 0, y: 0, w: 6, h: 3 }] };

describe('dashboard layout commands', () => {
  it("saves the caller's layout and the facility's default once per key, each audited and announced", async () => {
    const own = await sentTwice('PUT', '/api/dashboards/layout', 'd-own-1', layout, { 'if-match': '"0"' });
    expect(own.first.json()).toEqual({ layout, source: 'user', version: 1 });
    expect(own.first.headers.etag).toBe('"1"');
    expect(own.audits.map((a) => [a.action, a.entity_type])).toEqual([
      ['dashboards.layout.update', 'dashboard_layouts'],
    ]);
    expect(own.events.map((e) => e.name)).toEqual(['dashboard-layout.changed']);

    const facility = await sentTwice('PUT', '/api/dashboards/default-layout', 'd-default-1', layout, {
      'if-match': '"0"',
    });
    expect(facility.first.json()).toEqual({ layout, version: 1 });
    expect(facility.audits).toEqual([
      { action: 'dashboards.default-layout.update', entity_type: 'dashboard_default_layouts', entity_id: '1' },
    ]);
    expect(facility.events.map((e) => e.name)).toEqual(['dashboard-default-layout.changed']);
  });

  it('refuses a stale If-Match naming the current version, leaving nothing behind', async () => {
    const stale = await refused(409, 'PUT', '/api/dashboards/layout', 'd-stale-1', layout, { 'if-match': '"0"' });
    expect(stale.json()).toMatchObject({
      message: 'Someone changed your dashboard first (it is now at version 1). Reload it and try again.',
      details: [{ field: 'version', message: '1' }],
    });
    await refused(409, 'PUT', '/api/dashboards/default-layout', 'd-stale-2', layout, { 'if-match': '"7"' });
  });
});

const template = (subject: string) => ({
  channels: ['inApp'],
  recipients: ['requester'],
  groupIds: [],
  texts: [{ language: 'en', subject, body: 'By {{actor}}.' }],
});

describe('notification commands', () => {
  it("saves an event's template once per key, audited and announced; a stale version is refused", async () => {
    const url = '/api/notification-templates/permit.reject';
    const saved = await sentTwice('PUT', url, 'n-template-1', template('{{number}} rejected'), { 'if-match': '"0"' });
    expect(saved.first.json<NotificationTemplate>().version).toBe(1);
    expect(saved.first.headers.etag).toBe('"1"');
    expect(saved.audits).toEqual([
      { action: 'notification-templates.update', entity_type: 'notification_templates', entity_id: '1' },
    ]);
    expect(saved.events.map((e) => e.name)).toEqual(['notification-template.changed']);

    const stale = await refused(409, 'PUT', url, 'n-stale-1', template('Lost'), { 'if-match': '"0"' });
    expect(stale.json<{ message: string }>().message).toBe(
      'Someone changed this template first (it is now at version 1). Reload it and try again.',
    );
    await refused(400, 'PUT', url, 'n-bad-1', { ...template('x'), recipients: ['subject'] });
  });

  it("replaces the caller's own opt-outs once per key; a safety-critical event is refused, nothing recorded", async () => {
    const saved = await sentTwice('PUT', '/api/profile/notification-opt-outs', 'n-opt-1', { events: ['permit.close'] });
    expect(saved.first.json()).toEqual({ events: ['permit.close'] });
    expect(saved.audits.map((a) => [a.action, a.entity_type])).toEqual([['notification-opt-outs.update', 'user']]);
    expect(saved.events.map((e) => e.name)).toEqual(['notification-opt-outs.changed']);
    await refused(400, 'PUT', '/api/profile/notification-opt-outs', 'n-opt-2', { events: ['lock.overdue'] });
    expect((await send('PUT', '/api/profile/notification-opt-outs', {}, { events: [] })).statusCode).toBe(200);
  });
});

describe('tag layout and numbering commands', () => {
  it('saves a tag layout once per key, audited and announced; a stale version and a bad legend are refused', async () => {
    const url = '/api/print-settings/tag-layouts/tag-large-4x6';
    const draft = {
      name: 'Large',
      bandColour: '#1D4ED8',
      bandTextColour: '#FFFFFF',
      bodyColour: '#FFFFFF',
      legendItemId: null,
      fields: ['number', 'permit', 'qr'],
    };
    const saved = await sentTwice('PUT', url, 't-layout-1', draft, { 'if-match': '"0"' });
    expect(saved.first.json<TagLayout>()).toMatchObject({ key: 'tag-large-4x6', version: 1 });
    expect(saved.audits).toEqual([{ action: 'tag-layouts.update', entity_type: 'tag_layouts', entity_id: '1' }]);
    expect(saved.events.map((e) => e.name)).toEqual(['tag-layout.changed']);

    const stale = await refused(409, 'PUT', url, 't-stale-1', { ...draft, name: 'Lost' }, { 'if-match': '"0"' });
    expect(stale.json()).toMatchObject({ details: [{ field: 'version', message: '1' }] });
    await refused(400, 'PUT', url, 't-legend-1', { ...draft, legendItemId: 999999 });
  });

  it('saves the numbering once per key, audited and announced; a bad pattern is refused, and an unchanged save records nothing', async () => {
    const body = { facilityCode: 'NP', patterns: [{ subject: 'lockbox', pattern: 'BOX-{SEQ:4}', yearlyReset: false }] };
    const saved = await sentTwice('PUT', '/api/numbering', 'num-1', body);
    expect(saved.audits).toEqual([{ action: 'numbering.update', entity_type: 'numbering', entity_id: '1' }]);
    expect(saved.events.map((e) => e.name)).toEqual(['numbering.changed']);
    await refused(400, 'PUT', '/api/numbering', 'num-bad-1', {
      facilityCode: 'NP',
      patterns: [{ subject: 'tag', pattern: '{TYPE}-{SEQ:4}', yearlyReset: false }],
    });
    const records = async () => [await countRows(db(), 'audit_log'), await countRows(db(), 'domain_events')];
    const before = await records();
    expect((await send('PUT', '/api/numbering', { 'idempotency-key': 'num-same-1' }, body)).statusCode).toBe(200);
    expect(await records()).toEqual(before);
  });
});
