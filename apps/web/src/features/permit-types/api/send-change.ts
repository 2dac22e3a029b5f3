import { createContext, useContext } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { permitTypesConfigSchema, type PermitTypesConfig } from '@hasp/contracts';
import { apiRequest, type RequestOptions } from '../../../lib/http';
import { statusIn } from '../../../lib/send-form';
import { permitTypesKeys } from './keys';

export { reasonOf, refusedFieldsOf as fieldErrorsOf } from '../../../lib/send-form';

/**
 * What the app does after a change: the left sidebar and the session context are another
 * feature's, so the page that composes both (app/) says how to refresh them.
 */
export const SidebarChangeContext = createContext<() => void>(() => {});

/**
 * Sends a change; every change answers the whole configuration. The refusals the screen explains
 * where they happened (validation, not found, a conflict) come back without the error toast.
 */
export function sendChange(path: string, options: RequestOptions): Promise<PermitTypesConfig> {
  return apiRequest(path, { ...options, schema: permitTypesConfigSchema, quiet: statusIn(400, 403, 404, 409) });
}

/** Stores the answer of a change and tells the app the sidebar changed. */
export function useApplyChange() {
  const queryClient = useQueryClient();
  const sidebarChanged = useContext(SidebarChangeContext);
  return (config: PermitTypesConfig) => {
    queryClient.setQueryData(permitTypesKeys.all, config);
    sidebarChanged();
  };
}
