import { signatureLabels, signatureMessages } from '@hasp/contracts';
import { translateCatalog } from './translate-catalog';

/** The permit page's Approvals section and the approve dialog's signature in Spanish. */
export const signaturesSpanish = [
  ...translateCatalog(signatureLabels, {
    loading: 'Cargando las aprobaciones',
    loadFailed: 'No se pudieron cargar las aprobaciones: {{reason}}',
    riskLevel: 'Nivel de riesgo: {{level}}',
    stages: 'Etapas de aprobación',
    signatures: 'Firmas',
    noSignatures: 'Nadie ha firmado todavía.',
    signed: 'Firmada',
    next: 'Siguiente en firmar',
    waiting: 'En espera',
    anyApprover: 'Cualquiera que pueda aprobar este tipo de permiso',
    groupSigns: 'Miembros de {{group}}',
    noLongerValid: 'Ya no es válida: el permiso cambió después de la firma',
    password: 'Su contraseña',
    passwordDescription:
      'Aprobar firma la siguiente etapa de aprobación con su nombre, la hora y su significado. Escriba su contraseña para firmar.',
    approveChange:
      'Firma la siguiente etapa de aprobación. El permiso pasa a Aprobado cuando todas las etapas están firmadas.',
  }),
  ...translateCatalog(signatureMessages, {
    passwordRequired: 'Escriba su contraseña para firmar',
  }),
];
