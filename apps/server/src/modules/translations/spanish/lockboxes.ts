import { crewButtons, crewLabels } from '@hasp/contracts';
import { translateCatalog } from './translate-catalog';

/** The permit page's Crew section (group lockout) in Spanish. */
export const lockboxesSpanish = [
  ...translateCatalog(crewLabels, {
    loading: 'Cargando la cuadrilla',
    loadFailed: 'No se pudo cargar la cuadrilla: {{reason}}',
    notDone: 'No hecho',
    signedOnTitle: 'Está registrado',
    signedOnSince: 'Desde {{at}} con el candado {{serial}}.',
    signedOnSinceTag: 'Desde {{at}} con el candado {{serial}} y la etiqueta {{number}}.',
    notSignedOnTitle: 'No está registrado',
    noLock: 'No tiene ningún candado personal asignado ni hay uno disponible: tome uno del tablero de candados.',
    myLock: 'Mi candado',
    withLock: 'Con el candado {{serial}}.',
    primaryTitle: 'Empleado autorizado principal',
    openTitle: 'Abrir la caja de bloqueo de grupo',
    device: 'Dispositivo de la caja de bloqueo',
    notTracked: 'No registrado en el inventario de candados',
    noLockbox:
      'Aún no hay ninguna caja de bloqueo abierta para este permiso: la autoridad emisora abre una y nombra a su empleado autorizado principal.',
    protectedNow: 'Protegidos ahora ({{count}})',
    signedOnList: 'Registrados',
    nobody: 'No hay nadie registrado.',
    lockbox: 'Caja de bloqueo {{number}}',
    deviceFact: 'Dispositivo',
    keys: 'Llaves',
    keysDeposited: 'Depositadas el {{at}} por {{name}}',
    keysNotDeposited: 'Aún no depositadas',
    released: 'Liberada',
    releasedBy: '{{at}} por {{name}}',
    signedOffTitle: 'Se retiraron ({{count}})',
    signedOffList: 'Se retiraron',
    memberLock: 'Candado {{serial}}',
    memberLockTag: 'Candado {{serial}} · etiqueta {{number}}',
    memberNow: 'Registrado desde {{at}}',
    memberPast: 'Registrado {{on}} · se retiró {{off}}',
    memberPastAbandoned: 'Registrado {{on}} · se retiró {{off}} (candado quitado por un supervisor)',
  }),
  ...translateCatalog(crewButtons, {
    signOff: 'Retirarme',
    signOn: 'Registrarme con mi candado',
    depositKeys: 'Las llaves están en la caja {{number}}',
    release: 'Liberar la caja {{number}}',
    open: 'Abrir la caja de bloqueo',
  }),
];
