import { tagCommandCaptions, tagsLabels } from '@hasp/contracts';
import { translateCatalog } from './translate-catalog';

/** The permit page's Tags section in Spanish. */
export const tagsSpanish = [
  ...translateCatalog(tagCommandCaptions, {
    'mark-printed': 'Marcar impresa',
    apply: 'Colocar',
    verify: 'Verificar',
    remove: 'Retirar',
    void: 'Anular',
    'report-missing': 'Notificar pérdida',
    'revoke-link': 'Revocar enlace',
    'renew-link': 'Nuevo enlace',
    note: 'Añadir nota',
  }),
  ...translateCatalog(tagsLabels, {
    loading: 'Cargando las etiquetas',
    loadFailed: 'No se pudieron cargar las etiquetas.',
    none: 'Aún no hay etiquetas: cada punto del plan de aislamiento recibe una.',
    tag: 'Etiqueta {{number}}',
    personalLock: 'Candado personal',
    reason: 'Motivo: {{reason}}',
    appliedBy: 'Colocada por {{name}}, {{at}}',
    applierDepartment: 'Departamento o cuadrilla: {{department}}',
    applierContact: 'Contacto: {{contact}}',
    verifiedBy: 'Verificada por {{name}}, {{at}}',
    removedBy: 'Retirada por {{name}}, {{at}}',
    voided: 'Anulada: {{reason}}',
    replaces: 'Sustituye a una etiqueta perdida',
    linkRevoked: 'Enlace de estado revocado',
    askVoid: '¿Por qué se anula esta etiqueta?',
    askMissing: '¿Qué pasó con la etiqueta? (opcional)',
    askNote: 'Nota para la próxima persona en este punto',
    note: 'Nota de {{name}}, {{at}}: {{text}}',
    commandTitle: '{{command}}: etiqueta {{number}}',
    qrCode: 'Código QR de la etiqueta {{number}}: abre su página de estado',
  }),
];
