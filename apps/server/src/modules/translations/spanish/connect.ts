import { connectNotificationCaptions } from '@hasp/contracts';
import { translateCatalog } from './translate-catalog';

/** Hasp Connect in Spanish: the notice of a switched-off webhook. */
export const connectSpanish = [
  ...translateCatalog(connectNotificationCaptions, {
    disabledTitle: 'Webhook {{name}} desactivado',
    disabledBody:
      'El webhook {{name}} falló {{count}} veces seguidas y se desactivó. Revise el receptor y vuelva a activarlo en Hasp Connect.',
  }),
];
