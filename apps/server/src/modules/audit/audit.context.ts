import type { AuditCheckpoints } from './audit-checkpoints';

// What the audit module adds to every route module's context (app-context.ts: ModuleServices).
declare module '../../app-context' {
  interface ModuleServices {
    /** Each connection's audit checkpoints outside the database; null when this app keeps none (tests, tools). */
    auditCheckpoints: AuditCheckpoints | null;
  }
}
