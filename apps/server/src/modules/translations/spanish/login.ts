import { loginButtons, loginLabels, loginMessageCaptions } from '@hasp/contracts';
import { translateCatalog } from './translate-catalog';

export const loginSpanish = [
  ...translateCatalog(loginLabels, {
    title: 'Iniciar sesión',
    documentTitle: 'Iniciar sesión · {{product}}',
    tagline: 'Permisos de bloqueo y etiquetado y seguridad de la planta',
    connection: 'Conexión',
    'connection::placeholder': 'Seleccione una conexión',
    facility: 'Instalación',
    'facility::placeholder': 'Seleccione una instalación',
    username: 'Usuario',
    password: 'Contraseña',
    showPassword: 'Mostrar la contraseña',
    loadingOptions: 'Cargando las opciones de inicio de sesión…',
    loadingFacilities: 'Cargando las instalaciones…',
    signingIn: 'Iniciando sesión…',
    goingToIdentityProvider: 'Abriendo la página de inicio de sesión de su organización…',
    waitingOne: 'Un cambio guardado en este dispositivo espera a enviarse: inicie sesión como {{name}} para enviarlo.',
    waitingMany:
      '{{count}} cambios guardados en este dispositivo esperan a enviarse: inicie sesión como {{name}} para enviarlos.',
  }),
  ...translateCatalog(loginButtons, {
    login: 'Entrar',
    tryAgain: 'Reintentar',
    startOver: 'Volver a empezar',
  }),
  ...translateCatalog(loginMessageCaptions, {
    connectionRequired: 'El nombre de la conexión es obligatorio',
    facilityRequired: 'La instalación es obligatoria',
    usernameRequired: 'El usuario es obligatorio',
    passwordRequired: 'La contraseña es obligatoria',
    usernameAndPasswordRequired: 'El usuario y la contraseña son obligatorios para iniciar sesión',
    invalidCredentials: 'Credenciales no válidas. Inténtelo de nuevo.',
    invalidCredentialsSso: 'Credenciales no válidas. Inicie sesión de nuevo o vuelva a empezar.',
    loggedOut: 'Ha cerrado la sesión.',
    ssoMissing:
      'Inicio de sesión SSO no válido: faltan campos obligatorios o el token. Actualice la página o vuelva a iniciar sesión.',
    noFacilitiesForConnection: 'No se encontraron instalaciones. Pruebe con otro nombre de conexión.',
    noConnectionNames: 'No se encontraron nombres de conexión. Debe de haber un problema.',
    noFacilitiesForDefault: 'No se encontraron instalaciones para la conexión predeterminada. Pruebe con otra conexión',
    authorizationFailed: 'Autorización denegada',
    loggedOutInactivity: 'Se ha cerrado la sesión por inactividad',
    directoryUnavailable:
      'No se pudo contactar con el directorio para comprobar su contraseña. Inténtelo más tarde o consulte a su administrador.',
  }),
];
