import { attachmentsButtons, attachmentsLabels } from '@hasp/contracts';
import { translateCatalog } from './translate-catalog';

/** The permit page's Attachments tab in Spanish. */
export const attachmentsSpanish = [
  ...translateCatalog(attachmentsLabels, {
    loading: 'Cargando los adjuntos',
    listTitle: 'Fotos y documentos',
    loadFailed: 'No se pudieron cargar los adjuntos.',
    none: 'Aún no hay fotos ni documentos.',
    limit: 'Fotos (JPEG, PNG, WebP) y documentos PDF, de {{size}} como máximo cada uno.',
    attachedBy: '{{name}}, {{at}}',
    uploading: 'Subiendo {{name}}',
    uploadFailed: '{{name}} no se adjuntó: {{reason}}',
    removedTitle: 'Retirados ({{count}})',
    removedBy: 'Retirado por {{name}}, {{at}}: {{reason}}',
    askRemove: '¿Por qué se retira este adjunto? Queda en el registro del permiso para auditoría.',
    reason: 'Motivo',
    thumbnail: 'Foto {{name}}',
    document: 'Documento {{name}}',
    closed: 'El permiso está cerrado: sus adjuntos ya no pueden cambiar.',
    downloadNamed: 'Descargar {{name}}',
    removeNamed: 'Retirar {{name}}',
    removeTitle: 'Retirar: {{name}}',
  }),
  ...translateCatalog(attachmentsButtons, {
    takePhoto: 'Hacer foto',
    chooseFile: 'Elegir archivo',
    download: 'Descargar',
    remove: 'Retirar',
    retry: 'Reintentar',
    dismiss: 'Descartar',
    cancel: 'Cancelar',
    confirmRemove: 'Retirar adjunto',
  }),
];
