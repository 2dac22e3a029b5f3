import { useQuery } from '@tanstack/react-query';
import { permissionCatalogueSchema } from '@hasp/contracts';
import { apiRequest } from '../../../lib/http';
import { groupManageKeys } from './keys';

/** The permissions a group of this facility can grant (right nav, and per permit type). */
export function usePermissionCatalogue() {
  return useQuery({
    queryKey: groupManageKeys.catalogue(),
    queryFn: ({ signal }) => apiRequest('security/permissions', { schema: permissionCatalogueSchema, signal }),
    staleTime: 5 * 60_000,
  });
}
