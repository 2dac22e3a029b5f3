import { rightNavPermission, type RightNavId } from '@hasp/contracts';
import { useSessionContext } from './session-context';

export type RightNavAccess = 'loading' | 'error' | 'switchedOff' | 'denied' | 'allowed';

/**
 * Whether the user may use a right-nav screen: the facility switches the entry on (security lists)
 * and the user's groups grant `rightnav:<id>`. A screen opened by its URL follows the same rules as
 * its menu entry; the server enforces them on every call, this keeps the screen honest.
 */
export function useRightNavAccess(id: RightNavId): { access: RightNavAccess; retry: () => void } {
  const context = useSessionContext();
  const retry = () => void context.refetch();
  if (context.isPending) return { access: 'loading', retry };
  if (context.isError) return { access: 'error', retry };
  if (context.data.securitySettings[id] !== true) return { access: 'switchedOff', retry };
  if (!context.data.permissions.includes(rightNavPermission(id))) return { access: 'denied', retry };
  return { access: 'allowed', retry };
}
