import { permitHistoryStepCaptions, permitHistorySummaryCaptions } from '@hasp/contracts';
import { translateCatalog } from './translate-catalog';

/** The isolation steps of a permit's history (History tab and PDF) in Spanish. */
export const permitHistorySpanish = [
  ...translateCatalog(permitHistorySummaryCaptions, {
    created: 'Creado {{number}}',
    edited: '{{fields}}',
    newHolder: 'Nuevo titular: {{holder}}',
    handedOverWithNotes:
      'Nuevo titular: {{holder}}. Condiciones anormales: {{abnormal}}. Trabajo pendiente: {{remaining}}. Candados que permanecen: {{locks}}',
    noLocks: 'ninguno',
    acknowledged: 'Notas de relevo de {{name}} leídas y confirmadas',
    simopsOverride: 'Conflicto SIMOPS con {{other}} anulado: {{reason}}',
  }),
  ...translateCatalog(permitHistoryStepCaptions, {
    planFilled: 'Plan de aislamiento rellenado: {{count}} puntos',
    pointAdded: '{{point}} añadido al plan',
    pointRemoved: '{{point}} quitado del plan',
    planReordered: 'Plan de aislamiento reordenado',
    notified: 'Empleados afectados avisados',
    shutDown: 'Equipo parado',
    pointIsolated: '{{point}} aislado',
    storedEnergyReleased: 'Energía almacenada liberada',
    pointVerified: '{{point}} verificado: {{method}} — {{result}}',
    pointTestReleased: '{{point}} liberado para la prueba',
    pointReVerified: '{{point}} verificado de nuevo: {{method}} — {{result}}',
    areaInspected: 'Zona de trabajo inspeccionada',
    peopleClear: 'Personal fuera',
    pointRestored: '{{point}} restablecido',
    pointReleased: '{{point}} liberado a los permisos {{permits}}',
    releaseNotified: 'Empleados afectados avisados de la liberación',
    lockApplied: 'Candado {{lock}} puesto en {{point}}',
    lockRemoved: 'Candado {{lock}} quitado de {{point}}',
    tagApplied: 'Etiqueta {{tag}} colgada en {{point}}',
    tagVerified: 'Etiqueta {{tag}} en {{point}} comprobada',
    tagRemoved: 'Etiqueta {{tag}} quitada de {{point}}',
    tagVoided: 'Etiqueta {{tag}} en {{point}} anulada',
    tagMissing: 'Etiqueta {{tag}} en {{point}} dada por perdida',
    lockboxOpened: 'Caja de bloqueo {{lockbox}} abierta',
    keysDeposited: 'Llaves depositadas en la caja {{lockbox}}',
    signedOn: 'Se une: {{name}} (candado {{lock}})',
    signedOff: 'Se retira: {{name}} (candado {{lock}})',
    lockboxReleased: 'Caja de bloqueo {{lockbox}} liberada',
    abandonedLockRemoved: 'Candado {{lock}} de {{name}} quitado por abandono',
    abandonedTagRemoved: 'Etiqueta {{tag}} de {{name}} quitada por abandono',
  }),
];
