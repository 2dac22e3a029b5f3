import { lockScanButtons, lockScanLabels } from '@hasp/contracts';
import { translateCatalog } from './translate-catalog';

/** Picking a lock by its QR label, and the second-lock question, in Spanish (floor words). */
export const lockScanSpanish = [
  ...translateCatalog(lockScanLabels, {
    title: 'Escanear el candado',
    hint: 'Apunte la cámara trasera del teléfono a la etiqueta QR del candado.',
    video: 'Imagen de la cámara',
    starting: 'Encendiendo la cámara…',
    cameraRefused: 'Se denegó la cámara. Permítala en los ajustes del navegador, o elija el candado de la lista.',
    cameraAbsent: 'Este dispositivo no tiene una cámara que Hasp pueda usar. Elija el candado de la lista.',
    cameraFailed: 'La cámara no pudo encenderse. Elija el candado de la lista.',
    notALabel: 'Este código QR no es una etiqueta de candado de Hasp.',
    otherFacility: 'El candado {{serial}} es de otra instalación.',
    notApplicable: 'El candado {{serial}} no es suyo ni está asignado a este permiso.',
    picked: 'Candado {{serial}} elegido: póngalo.',
    secondTitle: '¿Un segundo candado?',
    secondQuestion: 'Ya tiene el candado {{serial}} en este punto. ¿Poner un segundo candado?',
  }),
  ...translateCatalog(lockScanButtons, {
    scan: 'Escanear candado',
    cancel: 'Cancelar',
    applySecond: 'Poner un segundo candado',
  }),
];
