import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginLabels, loginMessageCaptions, shellLabels } from '@hasp/contracts';
import { appCaptions, registerAppCaptions } from '../src/modules/translations/caption-catalog';
import { spanishTranslations } from '../src/modules/translations/spanish';
import { createTestApp, type TestApp } from './test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const db = () => t.connections[0]!.db;
const resources = async (languageCode: string) =>
  (await t.app.inject({ url: `/api/i18n/resources?connectionStringName=Demo&languageCode=${languageCode}` })).json<
    Record<string, Record<string, Record<string, string>>>
  >();

describe('the app caption catalog', () => {
  it('holds every catalog the contracts export, each caption once', () => {
    const keys = appCaptions().map((c) => `${c.itemType}|${c.formName}|${c.controlName}`);
    expect(new Set(keys).size).toBe(keys.length);
    expect(keys).toContain('Label|Login|username');
    expect(keys).toContain('Message|Login|invalidCredentials');
    expect(keys).toContain('Label|Shell|offlineBanner');
  });

  it('is registered at startup: English shows the defaults, Spanish the shipped translations', async () => {
    const english = await resources('en');
    expect(english.Label?.Login?.username).toBe(loginLabels.username.defaultCaption);
    expect(english.Message?.Login?.invalidCredentials).toBe(loginMessageCaptions.invalidCredentials.defaultCaption);
    const spanish = await resources('es');
    expect(spanish.Label?.Login?.username).toBe('Usuario');
    expect(spanish.Label?.Shell?.offlineBanner).toBe('SIN CONEXIÓN');
    // The permit screens and the lifecycle's words too (the permit page, its index and Dashboards).
    expect(spanish.Label?.Permit_Status?.active).toBe('Activo');
    expect(spanish.Button?.Permit_Command?.approve).toBe('Aprobar');
    expect(spanish.Title?.Permit_Index?.page).toBe('Índice de permisos');
    expect(spanish.Title?.Dashboards_Widget?.['my-work']).toBe('Mi trabajo');
    expect(english.Label?.Permit_Status?.live_for_test).toBe('Live for test');
    // Every shipped translation is served.
    for (const { caption, text } of spanishTranslations) {
      expect(spanish[caption.itemType]?.[caption.formName]?.[caption.controlName]).toBe(text);
    }
  });

  it('keeps an administrator’s own translation and follows a changed default on the next start', async () => {
    const caption = await db()
      .selectFrom('captions')
      .select('id')
      .where('item_type', '=', 'Label')
      .where('form_name', '=', 'Shell')
      .where('control_name', '=', 'facility')
      .executeTakeFirstOrThrow();
    const spanish = await db().selectFrom('languages').select('id').where('code', '=', 'es').executeTakeFirstOrThrow();
    await db()
      .updateTable('caption_translations')
      .set({ preferred_caption: 'Planta' })
      .where('caption_id', '=', caption.id)
      .where('language_id', '=', spanish.id)
      .execute();
    await db()
      .updateTable('captions')
      .set({ default_caption: 'An old default' })
      .where('id', '=', caption.id)
      .execute();

    const result = await registerAppCaptions(db());
    expect(result.captions).toBe(appCaptions().length);

    const row = await db()
      .selectFrom('captions as c')
      .innerJoin('caption_translations as t', 't.caption_id', 'c.id')
      .select(['c.default_caption', 't.preferred_caption'])
      .where('c.id', '=', caption.id)
      .where('t.language_id', '=', spanish.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ default_caption: shellLabels.facility.defaultCaption, preferred_caption: 'Planta' });
  });
});
