import { Suspense, type ReactNode } from 'react';
import { useSessionContext } from '../../lib/session-context';
import { ContentLoader } from '../../components/ContentLoader';
import { MustChangePasswordScreen } from '../signed-in/pages';

/**
 * A user who signed in with a one-time password sees only the password change until they have
 * chosen their own (the session context says so); then the app itself.
 */
export function PasswordChangeGate({ children }: { children: ReactNode }) {
  const context = useSessionContext();
  if (!context.data?.mustChangePassword) return children;
  return (
    <Suspense fallback={<ContentLoader />}>
      <MustChangePasswordScreen />
    </Suspense>
  );
}
