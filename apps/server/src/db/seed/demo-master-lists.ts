import { sql, type Transaction } from 'kysely';
import { MASTER_LIST_CAPTION_ITEM_TYPE, type MasterListKey } from '@hasp/contracts';
import type { Database } from '../schema';
import { defaultAssetMasterLists } from './demo-assets';

/** One seeded item: its value, its Spanish caption, and its English caption when not the value itself. */
type SeedItem = readonly [value: string, spanish: string, english?: string];

/** "electrical" → "Electrical": an energy type begins the line it is shown on ("Electrical 480 V"). */
const sentenceCase = (text: string) => text.charAt(0).toLocaleUpperCase() + text.slice(1);

const spanishOfAssetLists: Record<string, string> = {
  electrical: 'eléctrica',
  pneumatic: 'neumática',
  hydraulic: 'hidráulica',
  mechanical: 'mecánica',
  thermal: 'térmica',
  chemical: 'química',
  gravity: 'gravedad',
  breaker: 'interruptor automático',
  'disconnect switch': 'seccionador',
  valve: 'válvula',
  'blind flange': 'brida ciega',
  plug: 'tapón',
  'pin/block': 'pasador/bloqueo',
  chain: 'cadena',
};

/** Every master list as a facility starts with it (OSHA 1910.147 and HSG250 vocabulary). */
export const demoMasterLists: Record<MasterListKey, readonly SeedItem[]> = {
  // The value stays the key imports and reports match on; the caption is what people read.
  'energy-types': defaultAssetMasterLists['energy-types'].map(
    (v) => [v, sentenceCase(spanishOfAssetLists[v] ?? 'otra'), sentenceCase(v)] as const,
  ),
  'device-types': defaultAssetMasterLists['device-types'].map((v) => [v, spanishOfAssetLists[v] ?? 'otro'] as const),
  'lock-colours': [
    ['Red', 'Rojo'],
    ['Blue', 'Azul'],
    ['Yellow', 'Amarillo'],
    ['Green', 'Verde'],
    ['Orange', 'Naranja'],
    ['Black', 'Negro'],
  ],
  'tag-legends': [
    ['DANGER — DO NOT OPERATE', 'PELIGRO — NO OPERAR'],
    ['DANGER — EQUIPMENT LOCKED OUT', 'PELIGRO — EQUIPO BLOQUEADO'],
    ['DANGER — DO NOT ENERGIZE', 'PELIGRO — NO ENERGIZAR'],
    ['DO NOT OPEN — LINE ISOLATED', 'NO ABRIR — LÍNEA AISLADA'],
    ['CAUTION — OUT OF SERVICE', 'PRECAUCIÓN — FUERA DE SERVICIO'],
  ],
  ppe: [
    ['Safety glasses', 'Gafas de seguridad'],
    ['Face shield', 'Careta facial'],
    ['Hard hat', 'Casco'],
    ['Hearing protection', 'Protección auditiva'],
    ['Arc-rated clothing', 'Ropa con clasificación de arco'],
    ['Insulated gloves', 'Guantes aislantes'],
    ['Chemical-resistant gloves', 'Guantes resistentes a químicos'],
    ['Respirator', 'Respirador'],
    ['Fall-arrest harness', 'Arnés anticaídas'],
    ['Safety boots', 'Botas de seguridad'],
  ],
  hazards: [
    ['Electric shock', 'Descarga eléctrica'],
    ['Arc flash', 'Arco eléctrico'],
    ['Stored pressure', 'Presión almacenada'],
    ['Crush or pinch point', 'Aplastamiento o atrapamiento'],
    ['Unexpected start-up', 'Arranque inesperado'],
    ['Hot surfaces', 'Superficies calientes'],
    ['Chemical exposure', 'Exposición química'],
    ['Oxygen-deficient atmosphere', 'Atmósfera deficiente en oxígeno'],
    ['Falling objects', 'Caída de objetos'],
    ['Working at height', 'Trabajo en altura'],
  ],
  controls: [
    ['Lock and tag every energy source', 'Bloquear y etiquetar cada fuente de energía'],
    ['Verify zero energy (try start)', 'Verificar energía cero (prueba de arranque)'],
    ['Bleed stored pressure', 'Purgar la presión almacenada'],
    ['Block or pin raised parts', 'Bloquear o calzar las piezas elevadas'],
    ['Barricade the area', 'Acordonar el área'],
    ['Continuous gas monitoring', 'Monitoreo continuo de gases'],
    ['Fire watch', 'Vigilancia contra incendios'],
    ['Ventilate the space', 'Ventilar el espacio'],
  ],
  departments: [
    ['Maintenance', 'Mantenimiento'],
    ['Production', 'Producción'],
    ['Electrical', 'Electricidad'],
    ['Utilities', 'Servicios auxiliares'],
    ['Engineering', 'Ingeniería'],
    ['Environment, Health & Safety', 'Medio ambiente, salud y seguridad'],
    ['Quality', 'Calidad'],
    ['Contractors', 'Contratistas'],
  ],
  crafts: [
    ['Electrician', 'Electricista'],
    ['Millwright', 'Mecánico industrial'],
    ['Pipefitter', 'Tubero'],
    ['Instrument technician', 'Técnico de instrumentación'],
    ['Welder', 'Soldador'],
    ['Operator', 'Operador'],
    ['HVAC technician', 'Técnico de climatización'],
    ['Rigger', 'Aparejador'],
  ],
  'reason-codes': [
    ['Preventive maintenance', 'Mantenimiento preventivo'],
    ['Corrective repair', 'Reparación correctiva'],
    ['Inspection', 'Inspección'],
    ['Cleaning', 'Limpieza'],
    ['Changeover', 'Cambio de formato'],
    ['Equipment modification', 'Modificación del equipo'],
    ['Emergency repair', 'Reparación de emergencia'],
    ['Calibration', 'Calibración'],
  ],
  // The item valued "Other" asks the rejecter for a note (rejectionNoteRequired in contracts).
  'rejection-reasons': [
    ['Isolation points incomplete', 'Puntos de aislamiento incompletos'],
    ['Hazard analysis incomplete', 'Análisis de peligros incompleto'],
    ['Wrong permit type', 'Tipo de permiso equivocado'],
    ['Dates or location wrong', 'Fechas o ubicación erróneas'],
    ['Other', 'Otro'],
  ],
};

/**
 * Every list's items in each facility (kept where they exist), each item's caption in the
 * translations table (the value as its default text) and the shipped Spanish caption.
 */
export async function seedMasterLists(trx: Transaction<Database>, facilityIds: number[]): Promise<void> {
  const rows = facilityIds.flatMap((facilityId) =>
    Object.entries(demoMasterLists).flatMap(([listKey, items]) =>
      items.map(([value], index) => ({
        facility_id: facilityId,
        list_key: listKey,
        value,
        sort_order: (index + 1) * 10,
      })),
    ),
  );
  if (!rows.length) return;
  await trx
    .insertInto('master_list_items')
    .values(rows)
    .onConflict((c) => c.doNothing())
    .execute();
  // Captions of items that have none yet (the asset lists existed before captions did): the
  // English caption where the list gives one, else the value.
  const english = Object.entries(demoMasterLists).flatMap(([listKey, items]) =>
    items.flatMap(([value, , text]) => (text ? [{ listKey, value, text }] : [])),
  );
  await sql`
    insert into captions (item_type, form_name, control_name, default_caption)
    select ${MASTER_LIST_CAPTION_ITEM_TYPE}, m.list_key, m.id::text, coalesce(e.text, m.value)
    from master_list_items m
    left join jsonb_to_recordset(${JSON.stringify(english)}::jsonb) as e("listKey" text, value text, text text)
      on e."listKey" = m.list_key and e.value = m.value
    where m.facility_id = any(${facilityIds}::int[])
    on conflict (item_type, form_name, control_name) do nothing
  `.execute(trx);
  const spanish = Object.entries(demoMasterLists).flatMap(([listKey, items]) =>
    items.map(([value, text]) => ({ listKey, value, text })),
  );
  await sql`
    insert into caption_translations (caption_id, language_id, preferred_caption)
    select c.id, l.id, s.text
    from jsonb_to_recordset(${JSON.stringify(spanish)}::jsonb) as s("listKey" text, value text, text text)
    join master_list_items m on m.list_key = s."listKey" and m.value = s.value
    join captions c on c.item_type = ${MASTER_LIST_CAPTION_ITEM_TYPE} and c.form_name = m.list_key and c.control_name = m.id::text
    join languages l on l.code = 'es'
    where m.facility_id = any(${facilityIds}::int[])
    on conflict (caption_id, language_id) do nothing
  `.execute(trx);
}
