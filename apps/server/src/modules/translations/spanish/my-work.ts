import { myWorkLabels, myWorkStepCaptions, myWorkTitles, offlinePermitGapLabels } from '@hasp/contracts';
import { translateCatalog } from './translate-catalog';

/** "My work today" and the permit page's offline gap in Spanish. */
export const myWorkSpanish = [
  ...translateCatalog(myWorkTitles, {
    page: 'Mi trabajo de hoy',
    lead: 'Lo que usted tiene a cargo, las cuadrillas en las que está y sus candados puestos, cada uno con lo que necesita de usted ahora.',
    held: 'Permisos a mi cargo',
    crews: 'Cuadrillas en las que estoy',
    locks: 'Mis candados puestos',
    worklists: 'Mis listas de trabajo',
  }),
  ...translateCatalog(myWorkLabels, {
    loading: 'Cargando su trabajo…',
    loadFailed: 'No se pudo cargar su trabajo.',
    nothing: 'Nada requiere su atención ahora.',
    nothingHeld: 'No tiene permisos a su cargo.',
    nothingCrew: 'No está en ninguna cuadrilla.',
    nothingLocks: 'No tiene candados puestos.',
    lockOn: 'Candado {{serial}} en {{on}}',
    lockOnLockbox: 'Candado {{serial}} en la caja de bloqueo {{on}}',
    waiting: '{{count}} en espera',
    offlineTitle: 'Sin conexión',
    offlineLead: 'Está sin conexión: estos son los permisos a su cargo guardados en este dispositivo.',
    offlineNone:
      'Está sin conexión y este dispositivo no guarda permisos a su cargo. Su trabajo aparecerá aquí cuando vuelva a tener conexión.',
    offlineDashboard: 'Abrir el panel sin conexión',
    openPermit: 'Abrir {{number}}',
  }),
  ...translateCatalog(myWorkStepCaptions, {
    accept: 'Aceptar',
    'sign-on': 'Registrarse',
    'deposit-keys': 'Depositar las llaves en la caja de bloqueo',
    'hand-over': 'Entregar antes de que termine su turno',
    'sign-off-done': 'Retirarse: el trabajo está terminado',
    'sign-off-leaving': 'Retirarse antes de irse',
    'remove-lock': 'Quite su candado {{serial}}: el trabajo está terminado',
    'keep-lock': 'Mantenga el candado {{serial}} hasta que termine el trabajo',
    none: 'Abrir el permiso: aún no se necesita nada de usted',
  }),
  ...translateCatalog(offlinePermitGapLabels, {
    notStored:
      'Está sin conexión y este permiso no está guardado en este dispositivo: se abrirá aquí cuando vuelva a tener conexión.',
    openOfflineDashboard: 'Abrir el panel sin conexión',
  }),
];
