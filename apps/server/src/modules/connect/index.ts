// Hasp Connect (decision 0077): API keys, the integrators' permit routes, and signed webhooks from
// the event outbox with retries and a delivery log.

// Exports its routes, the webhook consumer and delivery job app.ts registers, and what tests and
// receivers verify with.

export { auditApiKeyCall } from './api-key-calls';
export { connectAdminRoutes } from './connect-admin.routes';
export { connectPermitRoutes } from './connect-permits.routes';
export { registerWebhookDeliveries, WEBHOOK_CONSUMER } from './webhook-events.consumer';
export { webhookDeliveryJob, WEBHOOK_DELIVER_JOB, type WebhookTuning } from './webhook-deliver.job';
export { signWebhook, verifyWebhook } from './webhook-signature';
export { isPublicAddress, TARGET_REFUSED, WebhookTargets, type HostResolver } from './webhook-target';
// Its services on every route module's context (declared there, so the context names no module).
import type {} from './connect.context';
