import { useQuery } from '@tanstack/react-query';
import { connectionInfoSchema, serverHealthSchema } from '@hasp/contracts';
import { apiRequest } from '../../../lib/http';
import { administratorKeys } from './keys';

export function useConnectionInfo() {
  return useQuery({
    queryKey: administratorKeys.connection(),
    queryFn: ({ signal }) => apiRequest('admin/connection', { schema: connectionInfoSchema, signal }),
  });
}

export function useServerHealth() {
  return useQuery({
    queryKey: administratorKeys.health(),
    queryFn: ({ signal }) => apiRequest('admin/health', { schema: serverHealthSchema, signal }),
  });
}
