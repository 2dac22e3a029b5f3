import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notificationsLabels } from '@hasp/contracts';
import { createTestApp, login, type TestApp } from './test-app';

/**
 * Captions are connection-wide and the unauthenticated i18n resources serve them to everyone, so a
 * client must never write one except through a permission-checked screen (Translations, and the
 * managers of master lists and questions, whose permissions a worker does not hold).
 */
let t: TestApp;
const routes: { method: string; url: string }[] = [];
beforeAll(async () => {
  t = await createTestApp({ onRoute: (route) => routes.push(route) });
});
afterAll(() => t.close());

const db = () => t.connections[0]!.db;

/** A fingerprint of every caption and translation: any insert, update or delete changes it. */
async function captionState(): Promise<string> {
  const { rows } = await sql<{ state: string }>`
    select (select count(*) || ':' || coalesce(md5(string_agg(concat_ws('|', id, item_type, form_name, control_name, default_caption), ',' order by id)), '') from captions)
      || '/' ||
      (select count(*) || ':' || coalesce(md5(string_agg(concat_ws('|', caption_id, language_id, preferred_caption), ',' order by caption_id, language_id)), '') from caption_translations)
      as state`.execute(db());
  return rows[0]!.state;
}

const caption = notificationsLabels.title;
const pwned = { defaultCaption: 'Pwned', preferredCaption: 'Pwned', caption: 'Pwned', value: 'Pwned' };
// One forgery changes a caption the app shows, the other adds one.
const forgeries = [
  { ...caption, ...pwned },
  { itemType: 'Label', formName: 'Forged', controlName: 'new', ...pwned },
];
const bodies = [forgeries, ...forgeries];

describe('caption writes', () => {
  it('has no caption registration route any more', async () => {
    const { token } = (await login(t.app, { username: 'worker' })).json<{ token: string }>();
    const before = await captionState();
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/captions/register',
      headers: { authorization: `Bearer ${token}` },
      payload: forgeries,
    });
    expect(response.statusCode).toBe(404);
    expect(await captionState()).toBe(before);
  });

  it('lets a signed-in worker add or change no caption through any route of the server', async () => {
    let { token } = (await login(t.app, { username: 'worker' })).json<{ token: string }>();
    const before = await captionState();
    const { id: captionId } = await db()
      .selectFrom('captions')
      .select('id')
      .where('form_name', '=', caption.formName)
      .where('control_name', '=', caption.controlName)
      .executeTakeFirstOrThrow();
    const writes = routes.filter(
      (r) => r.url.startsWith('/api/') && ['POST', 'PUT', 'PATCH', 'DELETE'].includes(r.method),
    );
    const answered: Record<string, number> = {};
    for (const route of writes) {
      const url = route.url
        .replace(':captionId', String(captionId))
        .replace(':languageId', '2')
        .replace(':listKey', 'energy-types')
        .replace(/:[A-Za-z]+/g, '1');
      for (const payload of bodies) {
        const response = await t.app.inject({
          method: route.method as 'POST',
          url,
          headers: { authorization: `Bearer ${token}` },
          payload,
        });
        answered[response.statusCode] = (answered[response.statusCode] ?? 0) + 1;
        expect(response.statusCode, `${route.method} ${route.url}`).toBeLessThan(500);
        expect(await captionState(), `${route.method} ${route.url} changed a caption`).toBe(before);
        // A route that ended the worker's sign-in (sign-out) would make every later call a 401.
        if (response.statusCode === 401 || route.url.includes('logout'))
          ({ token } = (await login(t.app, { username: 'worker' })).json<{ token: string }>());
      }
    }
    console.log(
      `caption writes: ${writes.length} write routes × ${bodies.length} bodies as a worker, answers ${JSON.stringify(answered)}`,
    );
    expect(writes.length).toBeGreaterThan(20);
  });
});
