import {
  numberingProblemCaptions,
  prefixManageButtons,
  prefixManageLabels,
  prefixManageMessages,
  prefixManageTitles,
} from '@hasp/contracts';
import { translateCatalog } from './translate-catalog';

/** Prefix Manage in Spanish. */
export const numberingSpanish = [
  ...translateCatalog(prefixManageTitles, {
    page: 'Lista maestra',
    childPage: 'Gestionar prefijos',
    patterns: 'Patrones de numeración',
    workerPrefixes: 'Prefijos en uso',
  }),
  ...translateCatalog(prefixManageLabels, {
    lead: 'Cómo se numeran los permisos, las etiquetas y las cajas de bloqueo. Cada patrón combina texto fijo con marcadores; la vista previa muestra el próximo número sin consumirlo.',
    tokensHelp:
      'Marcadores: {PREFIX} el prefijo del tipo de permiso, {FAC} el código de la instalación, {TYPE} el código del tipo de permiso, {YYYY} o {YY} el año, {MM} el mes, {SEQ:n} el número de secuencia con n dígitos (exactamente uno).',
    facilityCode: 'Código de la instalación',
    'facilityCode::description': 'Lo que representa {FAC}: de 1 a 10 letras mayúsculas, dígitos o guiones.',
    subject: 'Elemento numerado',
    pattern: 'Patrón',
    yearlyReset: 'Volver a empezar en 1 cada año',
    nextNumber: 'Próximo número',
    tags: 'Etiquetas',
    lockboxes: 'Cajas de bloqueo',
    permitType: 'Tipo de permiso {{code}}',
    defaultPattern: 'Patrón predeterminado',
    unsaved: 'Tiene cambios sin guardar.',
    workerLead:
      'El prefijo de cada tipo de permiso, tal como lo obtuvo el proceso en segundo plano para esta instalación.',
    workerLoading: 'Obteniendo los prefijos…',
    workerFailed: 'No se pudieron obtener los prefijos: {{reason}}',
    noPrefixes: 'Esta instalación no tiene tipos de permiso.',
  }),
  ...translateCatalog(prefixManageButtons, {
    save: 'Guardar',
    discard: 'Descartar cambios',
    retry: 'Reintentar',
  }),
  ...translateCatalog(prefixManageMessages, {
    loadFailed: 'No se pudieron cargar los patrones de numeración.',
    saved: 'Los patrones de numeración se guardaron.',
    saveFailed: 'No se guardó: {{reason}}',
  }),
  ...translateCatalog(numberingProblemCaptions, {
    length: 'Un patrón tiene de 1 a 40 caracteres.',
    unknownToken: '{{token}} no es un marcador. Use {PREFIX}, {FAC}, {TYPE}, {YYYY}, {YY}, {MM} o {SEQ:n}.',
    permitTypeOnly: '{{token}} solo se puede usar en el patrón de un tipo de permiso.',
    sequenceWidth: '{{token}}: el número de dígitos debe ser de 1 a 12.',
    sequenceMissing: 'Añada {SEQ:n}: un patrón necesita exactamente un número de secuencia.',
    sequenceRepeated: '{{token}}: un patrón necesita exactamente un número de secuencia; quite el segundo.',
    unclosed: '{{token}} no tiene llave de cierre.',
    character: '«{{token}}» no se puede usar. Fuera de los marcadores use letras, dígitos o - _ / . #',
    facilityCode: 'Código de la instalación: use de 1 a 10 letras mayúsculas, dígitos o guiones.',
  }),
];
