import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { auditFacetsSchema, auditPageSchema, auditVerificationSchema, type AuditQuery } from '@hasp/contracts';
import { apiRequest } from '../../../lib/http';
import { administratorKeys } from './keys';

/** One page of the audit log; the last page stays on screen while the next one loads. */
export function useAuditPage(query: AuditQuery) {
  return useQuery({
    queryKey: administratorKeys.auditPage(query),
    queryFn: ({ signal }) => apiRequest('admin/audit', { query: { ...query }, schema: auditPageSchema, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useAuditFacets() {
  return useQuery({
    queryKey: administratorKeys.auditFacets(),
    queryFn: ({ signal }) => apiRequest('admin/audit/facets', { schema: auditFacetsSchema, signal }),
  });
}

/** Walks the audit log's hash chains on the server; an action, so its answer is never cached. */
export function useVerifyAudit() {
  return useMutation({
    mutationFn: () => apiRequest('admin/audit/verify', { schema: auditVerificationSchema }),
  });
}
