import { useState } from 'react';
import { componentManageMessages } from '@hasp/contracts';
import { ApiRequestError } from '../../lib/http';
import { useCaptions } from '../../lib/i18n';
import type { FormProblem, Problems } from './form-values';

/** Field → the server's message, from a refusal that names fields (400 VALIDATION_FAILED). */
export function serverFieldErrors(error: unknown): Partial<Record<string, string>> {
  if (!(error instanceof ApiRequestError) || error.status !== 400) return {};
  const errors: Partial<Record<string, string>> = {};
  for (const detail of error.error.details ?? []) errors[detail.field.split('.')[0]!] ??= detail.message;
  return errors;
}

/** What a failed save shows above the form: a conflict, or a refusal that names no field. */
export type SaveFailure = { kind: 'conflict' } | { kind: 'message'; text: string } | null;

export function saveFailureOf(error: unknown): SaveFailure {
  if (error instanceof ApiRequestError && error.status === 409) return { kind: 'conflict' };
  if (Object.keys(serverFieldErrors(error)).length > 0) return null;
  if (error instanceof ApiRequestError) return { kind: 'message', text: error.serverMessage ?? error.message };
  return { kind: 'message', text: error instanceof Error ? error.message : String(error) };
}

/**
 * The state every Component Manage form shares: the values as typed (kept when saving fails), the
 * problems found before sending, the server's field messages, and a failure shown above the form.
 */
export function useRecordForm<V extends object, F extends string>(
  initial: () => V,
  labels: Record<F, string>,
  idPrefix: string,
) {
  const t = useCaptions();
  const [values, setValues] = useState<V>(initial);
  const [problems, setProblems] = useState<Problems<F>>({});
  const [serverErrors, setServerErrors] = useState<Partial<Record<string, string>>>({});
  const [failure, setFailure] = useState<SaveFailure>(null);

  const set = <K extends keyof V>(field: K, value: V[K]) => {
    setValues((current) => ({ ...current, [field]: value }));
    setProblems((current) => {
      const { [field as unknown as F]: _gone, ...rest } = current;
      return rest as Problems<F>;
    });
    setServerErrors(({ [field as string]: _gone, ...rest }) => rest);
  };
  const messageOf = (field: F, problem: FormProblem) =>
    problem === 'required'
      ? t(componentManageMessages.required, { field: labels[field] })
      : t(componentManageMessages[problem]);
  const errorOf = (field: F): string | undefined => {
    const problem = problems[field];
    return problem ? messageOf(field, problem) : serverErrors[field];
  };
  const focusFirst = (fields: Partial<Record<string, unknown>>) => {
    const first = (Object.keys(labels) as F[]).find((field) => fields[field]);
    if (first) document.getElementById(`${idPrefix}-${first}`)?.focus();
  };
  /** Runs the form's own checks; true when the values may be sent. */
  const check = (found: Problems<F>): boolean => {
    setProblems(found);
    setServerErrors({});
    setFailure(null);
    if (Object.keys(found).length === 0) return true;
    focusFirst(found);
    return false;
  };
  const fail = (error: unknown) => {
    const errors = serverFieldErrors(error);
    setServerErrors(errors);
    setFailure(saveFailureOf(error));
    focusFirst(errors);
  };
  const hasFieldErrors = Object.keys(problems).length > 0 || Object.keys(serverErrors).length > 0;
  const fieldId = (field: F) => `${idPrefix}-${field}`;
  return { values, set, errorOf, check, fail, failure, hasFieldErrors, fieldId };
}

/** What `useRecordForm` gives a form: the shared field and frame components take it whole. */
export type RecordForm<V extends object, F extends string> = ReturnType<typeof useRecordForm<V, F>>;
