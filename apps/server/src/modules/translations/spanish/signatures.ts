import {
  approvalStageLabels,
  signatureLabels,
  signatureLineCaptions,
  signatureMeanings,
  signatureMessages,
} from '@hasp/contracts';
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
    ssoSign: 'Inicie sesión de nuevo en {{idp}} para firmar',
    ssoDescription:
      'Aprobar firma la siguiente etapa de aprobación con su nombre, la hora y su significado. Inicie sesión de nuevo en {{idp}} y vuelva aquí.',
    confirm: 'Al firmar usted confirma: {{meaning}}',
    verbPasswordDescription:
      'Su firma registra su nombre, la hora y este significado. Escriba su contraseña para firmar.',
    verbSsoDescription: 'Su firma registra su nombre, la hora y este significado. Inicie sesión de nuevo en {{idp}}.',
    ssoSigning: 'Firmando el permiso',
    ssoSigningFailed: 'El permiso no se firmó',
  }),
  ...translateCatalog(approvalStageLabels, {
    title: 'Etapas de aprobación',
    intro:
      'Las etapas por las que pasa la aprobación de un permiso, en orden, según su nivel de riesgo. Un permiso sin nivel de riesgo sigue el nivel Bajo. Un nivel sin etapas necesita una aprobación de cualquiera que pueda aprobar el tipo.',
    level: 'Nivel de riesgo {{level}}',
    stage: 'Etapa {{position}}',
    name: 'Nombre de la etapa',
    meaning: 'Significado de la firma',
    meaningHint: 'Tal como lo registra la firma, p. ej. «aprobado como autoridad del área»',
    group: 'Quién firma',
    anyApprover: 'Cualquiera que pueda aprobar el tipo',
    add: 'Añadir una etapa',
    remove: 'Quitar la etapa {{position}}',
    save: 'Guardar',
    saved: 'Etapas de aprobación guardadas',
    loadFailed: 'No se pudieron cargar las etapas de aprobación: {{reason}}',
    noStages: 'Sin etapas: una aprobación de cualquiera que pueda aprobar el tipo.',
  }),
  ...translateCatalog(signatureMeanings, {
    issue: 'Emitido: aislamiento en su lugar y condiciones del permiso establecidas',
    accept: 'Aceptado: condiciones entendidas, responsabilidad del trabajo asumida',
    handOver: 'Traspasado',
    completeWork: 'Trabajo terminado: devuelto',
    abandonedRemoval: 'Retiró el candado de un trabajador ausente según 1910.147(e)(3)',
  }),
  ...translateCatalog(signatureMessages, {
    passwordRequired: 'Escriba su contraseña para firmar',
    noSealKeyOffline:
      'Este dispositivo aún no tiene clave de firma, así que no puede firmar sin conexión: conéctese y vuelva a descargar los permisos sin conexión; después firme.',
  }),
  ...translateCatalog(signatureLineCaptions, { line: '{{meaning}} por {{name}}, {{at}}' }),
];
