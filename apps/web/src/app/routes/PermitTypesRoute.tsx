import { useCallback } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { navigationKeys } from '../../features/navigation';
import { PermitTypesPage } from '../../features/permit-types';
import { useAuthState } from '../../lib/auth-session';
import { sessionContextQueryOptions } from '../../lib/session-context';

/**
 * `/admin/permit-types`: the permit types screen, composed with the left sidebar it shapes. After
 * a change the sidebar reloads, and so does the session context (a new type brings permissions
 * and may work offline); other open sessions hear the server's `context-changed` event.
 */
export function PermitTypesRoute() {
  const queryClient = useQueryClient();
  const { session } = useAuthState();
  const userId = session?.user.ID ?? 0;
  const facilityId = session?.facility.ID ?? 0;
  const onSidebarChange = useCallback(() => {
    void queryClient.invalidateQueries({ queryKey: navigationKeys.all });
    void queryClient.invalidateQueries({ queryKey: sessionContextQueryOptions(userId, facilityId).queryKey });
  }, [queryClient, userId, facilityId]);
  return <PermitTypesPage onSidebarChange={onSidebarChange} />;
}
