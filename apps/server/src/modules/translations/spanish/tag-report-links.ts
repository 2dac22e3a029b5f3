import {
  printLayoutCaptions,
  printReportCaptions,
  tagReportButtons,
  tagReportLabels,
  tagReportMessages,
  tagReportTitles,
  tagTypeCaptions,
} from '@hasp/contracts';
import { translateCatalog } from './translate-catalog';

/** Tag Report Manage in Spanish. */
export const tagReportLinksSpanish = [
  ...translateCatalog(tagReportTitles, {
    page: 'Lista maestra',
    childPage: 'Gestionar informes de etiquetas',
    tags: 'Etiquetas',
    permitTypes: 'Tipos de permiso',
  }),
  ...translateCatalog(tagReportLabels, {
    lead: 'El formato de impresión y el informe que usa cada etiqueta y cada tipo de permiso. Los formatos llegarán con la impresión.',
    layout: 'Formato de impresión',
    report: 'Informe',
    notLinked: 'Sin vincular',
    unsaved: 'Tiene cambios sin guardar.',
    bothRequired: 'Elija un formato y un informe, o ninguno.',
  }),
  ...translateCatalog(tagTypeCaptions, {
    'lock-tag': 'Etiqueta de candado',
    'isolation-point-tag': 'Etiqueta de punto de aislamiento',
    'lockbox-tag': 'Etiqueta de caja de bloqueo',
    'permit-tag': 'Etiqueta de permiso',
  }),
  ...translateCatalog(printLayoutCaptions, {
    'tag-standard-3x5': 'Etiqueta estándar, 3 × 5 pulg.',
    'tag-small-2x4': 'Etiqueta pequeña, 2 × 4 pulg.',
    'tag-large-4x6': 'Etiqueta grande, 4 × 6 pulg.',
    'permit-a4': 'Permiso, A4',
    'permit-letter': 'Permiso, carta EE. UU.',
  }),
  ...translateCatalog(printReportCaptions, {
    'tag-summary': 'Resumen de la etiqueta',
    'isolation-point-list': 'Lista de puntos de aislamiento',
    'lockbox-contents': 'Contenido de la caja de bloqueo',
    'permit-summary': 'Resumen del permiso',
    'permit-full-record': 'Registro completo del permiso',
  }),
  ...translateCatalog(tagReportButtons, {
    save: 'Guardar',
    discard: 'Descartar cambios',
    retry: 'Reintentar',
  }),
  ...translateCatalog(tagReportMessages, {
    loadFailed: 'No se pudieron cargar los vínculos de informes de etiquetas.',
    saved: 'Los vínculos de informes de etiquetas se guardaron.',
    saveFailed: 'No se guardó: {{reason}}',
  }),
];
