import type { AuditQuery } from '@hasp/contracts';

/** Every administrator query key, in one place: mutations invalidate by these. */
export const administratorKeys = {
  all: ['administrator'] as const,
  facilities: () => [...administratorKeys.all, 'facilities'] as const,
  connection: () => [...administratorKeys.all, 'connection'] as const,
  health: () => [...administratorKeys.all, 'health'] as const,
  jobs: () => [...administratorKeys.all, 'jobs'] as const,
  audit: () => [...administratorKeys.all, 'audit'] as const,
  auditPage: (query: AuditQuery) => [...administratorKeys.audit(), 'page', query] as const,
  auditFacets: () => [...administratorKeys.audit(), 'facets'] as const,
};
