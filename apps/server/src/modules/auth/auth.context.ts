import type { AccessTokens } from './access-token';
import type { AuthService } from './auth.service';

// What the auth module adds to every route module's context (app-context.ts: ModuleServices).
declare module '../../app-context' {
  interface ModuleServices {
    tokens: AccessTokens;
    auth: AuthService;
  }
}
