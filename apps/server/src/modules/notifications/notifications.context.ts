import type { NotificationHub } from './notification-hub';

// What the notifications module adds to every route module's context (app-context.ts: ModuleServices).
declare module '../../app-context' {
  interface ModuleServices {
    notifications: NotificationHub;
  }
}
