import { defineCaptions } from './define-captions';

// Captions of Hasp Connect (`/admin/connect`, issue 21) and the notice of a switched-off subscription.

/** The inbox notice administrators (rightnav:connect) get when a subscription switches itself off. */
export const connectNotificationCaptions = defineCaptions('Message', 'Connect_Notifications', {
  disabledTitle: 'Webhook {{name}} switched off',
  disabledBody:
    'Webhook {{name}} failed {{count}} times in a row and was switched off. Check the receiver, then switch it on again in Hasp Connect.',
});
