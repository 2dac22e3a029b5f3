import {
  offlineAvailabilityButtons,
  offlineAvailabilityLabels,
  offlineColumnLabels,
  offlineDashboardLabels,
  offlinePermitButtons,
  offlinePermitLabels,
  offlinePermitMessages,
} from '@hasp/contracts';
import { translateCatalog } from './translate-catalog';

/** What the device keeps offline (the offline dashboard) and the permit page offline, in Spanish (the gap notice is My work's). */
export const offlineSpanish = [
  ...translateCatalog(offlinePermitLabels, {
    offlineCopy: 'Sin conexión: está trabajando en la copia de este permiso guardada en este dispositivo.',
    localCopy: 'Hecho en este dispositivo: el servidor aún no ha visto este permiso.',
    provisional: 'Provisional: el servidor lo numera al sincronizar',
    savedOffline: 'Guardado sin conexión: esperando a sincronizarse',
    waiting: '{{count}} cambio(s) guardado(s) sin conexión: esperando a sincronizarse',
    conflict: 'Conflicto: el servidor conservó otra versión: {{reason}}',
    rejected: 'Rechazado por el servidor: {{reason}}',
    approveOnline:
      'Aprobar necesita la red: la firma vuelve a comprobar su contraseña en el servidor. Apruebe cuando vuelva a tener conexión.',
    newOffline: 'Nuevo {{type}} (sin conexión)',
    createLead:
      'Un permiso creado en este dispositivo sin red. Se guarda aquí hasta que el servidor lo confirma, y cualquier conflicto se muestra, nunca se pierde.',
    noPermission: 'Necesita el permiso {{permission}} para crear este tipo de permiso sin conexión.',
    noType:
      'Este tipo de permiso no está guardado en este dispositivo: lleve sus permisos sin conexión (o conéctese) antes de crear uno sin conexión.',
    checking: 'Leyendo la copia de este dispositivo…',
    keptHere: 'Guardado en este dispositivo y mostrado aquí; el servidor lo comprueba cuando vuelva la red.',
    keptForServer: 'Guardado en este dispositivo; aparece en el permiso cuando el servidor lo haya aplicado.',
  }),
  ...translateCatalog(offlinePermitButtons, {
    saveOffline: 'Guardar sin conexión',
  }),
  ...translateCatalog(offlinePermitMessages, {
    notSaved: 'No guardado: {{reason}}',
    createdOffline: '{{number}} está guardado en este dispositivo y espera a la red para llegar al servidor.',
  }),
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
  ...translateCatalog(offlineDashboardLabels, {
    dashboardTitle: 'Panel sin conexión',
    dashboardLead:
      'Permisos guardados en este dispositivo para trabajar sin red, por tipo de permiso. Cada uno se guarda hasta que el servidor lo confirma.',
    indexTitle: 'Permisos sin conexión',
    indexOf: 'Índice de {{type}}',
    typesAllowed: 'Tipos de permiso que esta instalación permite sin conexión',
    typeNotOffline: 'Los permisos {{type}} no se pueden usar sin conexión en esta instalación.',
    noneStored: 'No hay permisos guardados en este dispositivo para usar sin conexión.',
    openIndex: 'Abrir el índice sin conexión',
    stored: '{{count}} guardados',
  }),
  ...translateCatalog(offlineColumnLabels, {
    permitNumber: 'N.º de permiso',
    title: 'Título',
    status: 'Estado',
    validity: 'Vigencia',
    holder: 'Titular',
    savedAt: 'Guardado en este dispositivo',
  }),
];
