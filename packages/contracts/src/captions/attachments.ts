import { defineCaptions } from './define-captions';

// Captions of the permit page's Attachments tab (features/attachments).
export const attachmentsLabels = defineCaptions('Label', 'Attachments', {
  loading: 'Loading attachments',
  listTitle: 'Photos and documents',
  loadFailed: 'The attachments could not be loaded.',
  none: 'No photos or documents yet.',
  limit: 'Photos (JPEG, PNG, WebP) and PDF documents, at most {{size}} each.',
  attachedBy: '{{name}}, {{at}}',
  uploading: 'Uploading {{name}}',
  uploadFailed: '{{name}} was not attached: {{reason}}',
  removedTitle: 'Removed ({{count}})',
  removedBy: 'Removed by {{name}}, {{at}}: {{reason}}',
  askRemove: 'Why is this attachment removed? It stays in the permit record for audit.',
  reason: 'Reason',
  thumbnail: 'Photo {{name}}',
  document: 'Document {{name}}',
  closed: 'The permit is closed: attachments can no longer change.',
  downloadNamed: 'Download {{name}}',
  removeNamed: 'Remove {{name}}',
  removeTitle: 'Remove: {{name}}',
});

export const attachmentsButtons = defineCaptions('Button', 'Attachments', {
  takePhoto: 'Take photo',
  chooseFile: 'Choose file',
  download: 'Download',
  remove: 'Remove',
  retry: 'Retry',
  dismiss: 'Dismiss',
  cancel: 'Cancel',
  confirmRemove: 'Remove attachment',
});
