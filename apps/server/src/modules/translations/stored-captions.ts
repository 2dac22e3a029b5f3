import type { Kysely } from 'kysely';
import { permitTypeNameCaption, storedTextCaption, type Caption } from '@hasp/contracts';
import type { Database } from '../../db/schema';
import { registerCaptions } from './caption-catalog';
import { demoStoredTextsSpanish } from './spanish/stored-texts';

/**
 * Stored content shown on the permit screens as captions (a permit type's name, contracts'
 * `permitTypeNameCaption`; an approval stage's name and meaning, `storedTextCaption`): one caption per row, its stored text the default, so administrators
 * translate it on the translations screen like any caption. Registered at start, after the seed;
 * the Spanish of the demo's names fill in only where nobody has saved their own. A type
 * renamed since keeps its translation (the caption is keyed by ID) until someone changes it.
 */
export async function registerStoredCaptions(db: Kysely<Database>): Promise<{ captions: number }> {
  const [types, stages] = await Promise.all([
    db.selectFrom('permit_types').select(['id', 'name']).execute(),
    db.selectFrom('approval_stages').select(['name', 'meaning']).distinct().execute(),
  ]);
  const byKey = new Map<string, Caption>();
  for (const caption of [
    ...types.map((type) => permitTypeNameCaption({ ID: type.id, name: type.name })),
    ...stages.map((stage) => storedTextCaption('Approval_Stage', stage.name)),
    ...stages.map((stage) => storedTextCaption('Signature_Meaning', stage.meaning)),
  ])
    if (caption) byKey.set(`${caption.formName}|${caption.controlName}`, caption);
  const captions = [...byKey.values()];
  const shipped = captions.flatMap((caption) => {
    const text = demoStoredTextsSpanish[caption.defaultCaption];
    return text ? [{ caption, text }] : [];
  });
  return { captions: (await registerCaptions(db, captions, shipped)).captions };
}
