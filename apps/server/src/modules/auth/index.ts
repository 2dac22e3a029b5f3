// Sign-in sessions: login, token refresh (rotation, reuse detection), logout, me, lockout, and the
// bearer check's tokens.

export { AccessTokens } from './access-token';
export { insertAuthEvent } from './auth-event.repository';
export { authRoutes } from './auth.routes';
export { AuthService } from './auth.service';
export { hashPassword, verifyPassword } from './password';
export { deliverSession, registerRefreshCookie } from './refresh-cookie';
export { revokeRefreshFamily } from './refresh-token.repository';
export { bumpUserVersion } from './user-version.repository';
export type { ClientInfo, OpenedSession } from './auth.service';
export { expiredSessionsJob } from './expired-sessions.job';
// Its services on every route module's context (declared there, so the context names no module).
import type {} from './auth.context';
