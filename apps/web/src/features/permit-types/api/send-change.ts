import { createContext, useContext } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { permitTypesConfigSchema, type PermitTypesConfig } from '@hasp/contracts';
import { ApiRequestError, authorizedFetch, toApiError, toastForError, type RequestOptions } from '../../../lib/http';
import { permitTypesKeys } from './keys';

/** Refusals the screen explains where they happened (validation, not found, a conflict): no toast for them. */
const explainedHere = new Set([400, 403, 404, 409]);

/**
 * What the app does after a change: the left sidebar and the session context are another
 * feature's, so the page that composes both (app/) says how to refresh them.
 */
export const SidebarChangeContext = createContext<() => void>(() => {});

/** Sends a change; every change answers the whole configuration. */
export async function sendChange(path: string, options: RequestOptions): Promise<PermitTypesConfig> {
  try {
    const response = await authorizedFetch(path, options);
    if (!response.ok) throw await toApiError(response);
    const parsed = permitTypesConfigSchema.safeParse(await response.json().catch(() => undefined));
    if (!parsed.success) {
      throw new ApiRequestError(response.status, {
        code: 'INTERNAL',
        message: 'The server sent an answer this page does not understand. Reload the page.',
      });
    }
    return parsed.data;
  } catch (error) {
    if (!(error instanceof ApiRequestError && explainedHere.has(error.status))) toastForError(path, error);
    throw error;
  }
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

/** What to show for a failed change: the server's message (it says why), else the error's own. */
export function reasonOf(error: unknown): string {
  if (error instanceof ApiRequestError) return error.serverMessage ?? error.error.message;
  return error instanceof Error ? error.message : String(error);
}

/** Field → message of a VALIDATION_FAILED or CONFLICT answer that names fields. */
export function fieldErrorsOf(error: unknown): Partial<Record<string, string>> {
  if (!(error instanceof ApiRequestError)) return {};
  const errors: Partial<Record<string, string>> = {};
  for (const detail of error.error.details ?? []) errors[detail.field.split('.')[0]!] ??= detail.message;
  return errors;
}
