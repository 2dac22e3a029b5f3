import { defineCaptions } from './define-captions';

// Captions of Hasp Connect (`/admin/connect`) and the notice of a switched-off subscription.

/** The inbox notice administrators (rightnav:connect) get when a subscription switches itself off. */
export const connectNotificationCaptions = defineCaptions('Message', 'Connect_Notifications', {
  disabledTitle: 'Webhook {{name}} switched off',
  disabledBody:
    'Webhook {{name}} failed {{count}} times in a row and was switched off. Check the receiver, then switch it on again in Hasp Connect.',
});

export const connectLabels = defineCaptions('Label', 'Connect', {
  lead: 'Maintenance systems (SAP PM, Maximo, any CMMS) create permits through the API with a key, and hear of permit events through signed webhooks. The guide: docs/connect.md; the API: /api/docs.',
  keys: 'API keys',
  subscriptions: 'Webhook subscriptions',
  deliveries: 'Delivery log',
  name: 'Name',
  permissions: 'Permissions',
  expiresAt: 'Expires on',
  url: 'Address (URL)',
  events: 'Events',
  noKeys: 'No API keys yet.',
  noSubscriptions: 'No subscriptions yet.',
  noDeliveries: 'Nothing delivered yet.',
  active: 'Active',
  expired: 'Expired',
  revoked: 'Revoked',
  on: 'On',
  off: 'Off',
  expires: 'Expires {{at}}',
  lastUsed: 'Last used {{at}} from {{address}}',
  neverUsed: 'Never used',
  createdBy: 'Created by {{name}}',
  graceUntil: 'The previous secret works until {{at}}',
  permissionCount: '{{count}} permissions',
  failures: '{{count}} failures in a row',
  disabledReason: 'Switched off: {{reason}}',
  shownOnce: 'Copy it now: it is shown only once.',
  newKeyValue: 'The new key',
  secretValue: 'The signing secret',
  pending: 'Pending',
  delivered: 'Delivered',
  failed: 'Failed',
  attempts: '{{count}} attempts',
  attempt: '{{at}}: {{status}} in {{ms}} ms',
  noAnswer: 'no answer',
  privateAllowed: 'Besides public addresses, this server lets webhooks reach {{targets}}.',
  privateRefused:
    'Webhooks go to public internet addresses only: the server setting HASP_CONNECT_ALLOW_PRIVATE_TARGETS can allow an on-site receiver.',
});

export const connectButtons = defineCaptions('Button', 'Connect', {
  newKey: 'New key',
  newSubscription: 'New subscription',
  create: 'Create',
  cancel: 'Cancel',
  rotate: 'Rotate',
  revoke: 'Revoke',
  sendTest: 'Send test event',
  switchOn: 'Switch on',
  switchOff: 'Switch off',
  redeliver: 'Redeliver',
  copy: 'Copy',
  copied: 'Copied',
  done: 'Done',
  refresh: 'Refresh',
  close: 'Close',
});

export const connectMessages = defineCaptions('Message', 'Connect', {
  loadFailed: 'Hasp Connect could not be loaded.',
  revokeConfirm: 'Revoke {{name}}? Calls with it are refused at once.',
  rotateConfirm: 'Rotate {{name}}? The old key keeps working for 24 hours.',
  testSent: 'Test event sent: see the delivery log.',
  redelivered: 'Sent again: see the delivery log.',
});
