import { userReachLabels, userReachMessages } from '@hasp/contracts';
import { translateCatalog } from './translate-catalog';

/** A user's department and contact (User Manage and the profile) in Spanish. */
export const userReachSpanish = [
  ...translateCatalog(userReachLabels, {
    department: 'Departamento o cuadrilla',
    'department::description': 'Opcional. Se imprime junto al nombre en las etiquetas de peligro que coloca.',
    contact: 'Contacto',
    'contact::description': 'Opcional. Un teléfono o canal de radio, impreso en sus etiquetas para poder localizarle.',
  }),
  ...translateCatalog(userReachMessages, {
    departmentInvalid: 'Use como máximo 100 caracteres imprimibles.',
    contactInvalid: 'Use como máximo 60 caracteres: letras, dígitos, espacios y + ( ) - . / # , : *',
  }),
];
