import { useQuery } from '@tanstack/react-query';
import { myWorkSchema } from '@hasp/contracts';
import { apiRequest } from '../../../lib/http';

/** The my-work query's key (its only one: the page and the landing rule share the answer). */
export const myWorkKey = ['my-work'] as const;

/** The caller's work today: held permits, crews, locks on, each with its next step; their worklists. */
export const fetchMyWork = (signal?: AbortSignal) => apiRequest('my-work', { schema: myWorkSchema, signal });

/** "My work today"; `enabled` false offline (the page then reads the device's copies instead). */
export function useMyWork({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ queryKey: myWorkKey, queryFn: ({ signal }) => fetchMyWork(signal), enabled });
}
