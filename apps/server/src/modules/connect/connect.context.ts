import type { WebhookTargets } from './webhook-target';

// What Hasp Connect adds to every route module's context (app-context.ts: ModuleServices).
declare module '../../app-context' {
  interface ModuleServices {
    /** Where webhooks may go (public addresses, and the private ones HASP_CONNECT_ALLOW_PRIVATE_TARGETS lists). */
    webhookTargets: WebhookTargets;
  }
}
