import { connectButtons, connectLabels, connectMessages, connectNotificationCaptions } from '@hasp/contracts';
import { translateCatalog } from './translate-catalog';

/** Hasp Connect in Spanish: the notice of a switched-off webhook. */
export const connectSpanish = [
  ...translateCatalog(connectNotificationCaptions, {
    disabledTitle: 'Webhook {{name}} desactivado',
    disabledBody:
      'El webhook {{name}} falló {{count}} veces seguidas y se desactivó. Revise el receptor y vuelva a activarlo en Hasp Connect.',
  }),
];

/** The Hasp Connect screen in Spanish. */
export const connectScreenSpanish = [
  ...translateCatalog(connectLabels, {
    lead: 'Los sistemas de mantenimiento (SAP PM, Maximo, cualquier GMAO) crean permisos por la API con una clave y se enteran de los eventos de los permisos por webhooks firmados. La guía: docs/connect.md; la API: /api/docs.',
    keys: 'Claves de API',
    subscriptions: 'Suscripciones de webhook',
    deliveries: 'Registro de entregas',
    name: 'Nombre',
    permissions: 'Permisos',
    expiresAt: 'Caduca el',
    url: 'Dirección (URL)',
    events: 'Eventos',
    noKeys: 'Aún no hay claves de API.',
    noSubscriptions: 'Aún no hay suscripciones.',
    noDeliveries: 'Aún no se ha entregado nada.',
    active: 'Activa',
    expired: 'Caducada',
    revoked: 'Revocada',
    on: 'Activada',
    off: 'Desactivada',
    expires: 'Caduca {{at}}',
    lastUsed: 'Último uso {{at}} desde {{address}}',
    neverUsed: 'Nunca usada',
    createdBy: 'Creada por {{name}}',
    graceUntil: 'El secreto anterior funciona hasta {{at}}',
    permissionCount: '{{count}} permisos',
    failures: '{{count}} fallos seguidos',
    disabledReason: 'Desactivada: {{reason}}',
    shownOnce: 'Cópiela ahora: solo se muestra una vez.',
    newKeyValue: 'La nueva clave',
    secretValue: 'El secreto de firma',
    pending: 'Pendiente',
    delivered: 'Entregada',
    failed: 'Fallida',
    attempts: '{{count}} intentos',
    attempt: '{{at}}: {{status}} en {{ms}} ms',
    noAnswer: 'sin respuesta',
    privateAllowed: 'Además de las direcciones públicas, este servidor permite enviar webhooks a {{targets}}.',
    privateRefused:
      'Los webhooks solo van a direcciones públicas de internet: el ajuste del servidor HASP_CONNECT_ALLOW_PRIVATE_TARGETS puede permitir un receptor local.',
  }),
  ...translateCatalog(connectButtons, {
    newKey: 'Nueva clave',
    newSubscription: 'Nueva suscripción',
    create: 'Crear',
    cancel: 'Cancelar',
    rotate: 'Rotar',
    revoke: 'Revocar',
    sendTest: 'Enviar evento de prueba',
    switchOn: 'Activar',
    switchOff: 'Desactivar',
    redeliver: 'Reenviar',
    copy: 'Copiar',
    copied: 'Copiado',
    done: 'Hecho',
    refresh: 'Actualizar',
    close: 'Cerrar',
  }),
  ...translateCatalog(connectMessages, {
    loadFailed: 'No se pudo cargar Hasp Connect.',
    revokeConfirm: '¿Revocar {{name}}? Las llamadas con ella se rechazan de inmediato.',
    rotateConfirm: '¿Rotar {{name}}? La clave anterior sigue funcionando 24 horas.',
    testSent: 'Evento de prueba enviado: vea el registro de entregas.',
    redelivered: 'Enviado de nuevo: vea el registro de entregas.',
  }),
];
