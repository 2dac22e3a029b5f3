import { offlineAvailabilityButtons, offlineAvailabilityLabels } from '@hasp/contracts';
import { translateCatalog } from './translate-catalog';

/** What the device keeps offline (the offline dashboard), in Spanish. */
export const offlineSpanish = [
  ...translateCatalog(offlineAvailabilityLabels, {
    checking: 'Comprobando lo que hay guardado en este dispositivo…',
    availableOne: 'Disponible sin conexión: 1 permiso{{updated}}',
    availableMany: 'Disponibles sin conexión: {{count}} permisos{{updated}}',
    updated: ', actualizado {{time}}',
    couldNotUpdate: ' (no se pudo actualizar: {{types}})',
    keep: 'Guardar en este dispositivo',
    scopeMine: 'Mi trabajo',
    scopeUnderWay: 'Todo el trabajo en curso',
    scopeMineHint: 'Los permisos en los que usted figura: solicitados, a su cargo, emitidos, aprobados o con registro.',
    scopeUnderWayHint:
      'También todos los permisos que se están aislando o trabajando en esta instalación: para quien se registra en permisos de otros. Tarda más y ocupa más espacio.',
  }),
  ...translateCatalog(offlineAvailabilityButtons, {
    update: 'Actualizar los permisos sin conexión',
  }),
];
