/**
 * The demo's stored names in Spanish, by their English text (db/seed): its permit types
 * (demo-permits.ts) and its approval stages with their meanings (demo-signatures.ts).
 */
export const demoStoredTextsSpanish: Readonly<Record<string, string>> = {
  'LOTO Permit': 'Permiso LOTO',
  'Long-Term Isolation': 'Aislamiento de larga duración',
  'Hot Work': 'Trabajo en caliente',
  'Confined Space Entry': 'Entrada en espacio confinado',
  'Electrical Work': 'Trabajo eléctrico',
  'General Work': 'Trabajo general',
  'Area authority': 'Autoridad del área',
  'approved as area authority': 'aprobado como autoridad del área',
  'Safety officer': 'Responsable de seguridad',
  'approved as safety officer': 'aprobado como responsable de seguridad',
};
