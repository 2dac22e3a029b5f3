import { hazardRuleCaptions, lockboxRuleCaptions, planNextStepCaptions, tagReasonCaptions } from '@hasp/contracts';
import { translateCatalog } from './translate-catalog';

/** What the shared rules say (refusals, the isolation plan's next step) in Spanish. */
export const rulesSpanish = [
  ...translateCatalog(hazardRuleCaptions, {
    noPermission: 'No tiene permiso para hacer esto',
    noAnalysis: 'Este tipo de permiso no tiene análisis de riesgos.',
    needsCreate: 'Necesita el permiso {{permission}} para cambiar este análisis de riesgos.',
    onlyRequester: 'Solo el solicitante del permiso puede cambiar su análisis de riesgos.',
    notEditable:
      'El análisis de riesgos solo puede cambiar mientras el permiso está en {{editable}}; este permiso está en {{status}}.',
    draftOrRequested: 'Borrador o Solicitado',
  }),
  ...translateCatalog(planNextStepCaptions, {
    addPoints: 'Añada los puntos de aislamiento al plan',
    notify: 'Avise a los empleados afectados',
    shutDown: 'Apague el equipo',
    isolate: 'Aísle {{point}}',
    lockAndTag: 'Ponga el candado y la etiqueta en {{point}}',
    tag: 'Ponga la etiqueta en {{point}}',
    releaseEnergy: 'Libere la energía almacenada',
    verify: 'Verifique {{point}} (prueba de arranque)',
    allVerified: 'Todos los puntos están verificados: aísle el permiso',
    tryOutFailed:
      'La prueba de arranque falló en {{point}}: la energía no está aislada. Revise el aislamiento y vuelva a probar',
    reVerify: 'Vuelva a verificar {{point}} antes de que termine la prueba',
    inspect: 'Inspeccione la zona de trabajo',
    peopleClear: 'Asegúrese de que no queda nadie expuesto',
    removeLocks: 'Quite los candados y las etiquetas de {{point}}',
    release: 'Libere {{point}} (retenido por los permisos {{permits}})',
    restore: 'Restablezca {{point}}',
    notifyRelease: 'Avise a los empleados afectados de que se retira el aislamiento',
    close: 'Cierre el permiso',
    crewOneSignedOn: '{{names}} sigue registrado: se retira antes de que se pueda cerrar el permiso',
    crewSignedOn: '{{names}} siguen registrados: se retiran antes de que se pueda cerrar el permiso',
  }),
  ...translateCatalog(lockboxRuleCaptions, {
    keysNotDeposited:
      'Las llaves del aislamiento aún no están en la caja de bloqueo: el empleado autorizado principal las registra primero.',
    lastMember:
      'Es la única persona registrada mientras el trabajo está en curso: la caja de bloqueo nunca se queda sin un candado. Otro miembro de la cuadrilla se registra primero; después puede retirarse.',
    notSelf: 'Solo el miembro de la cuadrilla que se registró puede retirarse: cada persona quita su propio candado.',
    alreadySignedOn: 'Ya está registrado en esta caja de bloqueo.',
    signOnOpensIsolated: 'El registro se abre cuando el permiso está aislado.',
    nobodySignsOn: 'Ya no se registra nadie: el permiso está en {{status}}.',
    notSignedOn: 'No está registrado en esta caja de bloqueo.',
  }),
  ...translateCatalog(tagReasonCaptions, { isolatedFor: 'Aislado para el permiso {{number}}' }),
];
