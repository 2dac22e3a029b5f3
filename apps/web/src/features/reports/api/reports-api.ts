import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  reportDefinitionSchema,
  reportDefinitionsSchema,
  reportFileSchema,
  reportFilesSchema,
  type ReportDefinition,
  type ReportDefinitionInput,
  type ReportFiles,
} from '@hasp/contracts';
import { useActionKey } from '../../../lib/action-key';
import { apiRequest } from '../../../lib/http';
import { saveBlob } from '../../../lib/save-file';
import { refusedFieldsOf, statusIn } from '../../../lib/send-form';

export const reportKeys = {
  all: ['reports'] as const,
  definitions: () => [...reportKeys.all, 'definitions'] as const,
  files: () => [...reportKeys.all, 'files'] as const,
};

/** The facility's report definitions, whether e-mail is on, and its time zone. */
export function useReportDefinitions() {
  return useQuery({
    queryKey: reportKeys.definitions(),
    queryFn: ({ signal }) => apiRequest('reports', { schema: reportDefinitionsSchema, signal }),
  });
}

/** Refusals the dialog explains itself (a field, a stale version): no toast. */
const explainedHere = (error: unknown) => statusIn(409)(error) || Object.keys(refusedFieldsOf(error)).length > 0;

/**
 * Defines a report (no ID) or replaces one (with the version it was loaded at). The same save sent
 * again (after a lost answer) reuses its idempotency key, so the server applies it once.
 */
export function useSaveReport() {
  const client = useQueryClient();
  const key = useActionKey();
  return useMutation({
    mutationFn: ({ report, input }: { report: ReportDefinition | null; input: ReportDefinitionInput }) => {
      const body = report ? { ...input, version: report.version } : input;
      return apiRequest(report ? `reports/${report.ID}` : 'reports', {
        method: report ? 'PUT' : 'POST',
        body,
        headers: { 'idempotency-key': key.keyFor({ report: report?.ID ?? null, body }) },
        schema: reportDefinitionSchema,
        quiet: explainedHere,
      });
    },
    onSuccess: () => key.done(),
    onSettled: () => client.invalidateQueries({ queryKey: reportKeys.definitions() }),
  });
}

export function useDeleteReport() {
  const client = useQueryClient();
  const key = useActionKey();
  return useMutation({
    mutationFn: (report: ReportDefinition) =>
      apiRequest(`reports/${report.ID}`, {
        method: 'DELETE',
        headers: { 'idempotency-key': key.keyFor({ delete: report.ID }) },
      }),
    onSuccess: () => key.done(),
    onSettled: () => client.invalidateQueries({ queryKey: reportKeys.definitions() }),
  });
}

/** Queues a file of the report now (a job generates it; Report Files follows it). */
export function useGenerateReport() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (report: ReportDefinition) =>
      apiRequest(`reports/${report.ID}/generate`, { method: 'POST', schema: reportFileSchema }),
    onSuccess: () => client.invalidateQueries({ queryKey: reportKeys.files() }),
  });
}

const busy = (data: ReportFiles | undefined) =>
  data?.files.some((f) => f.state === 'queued' || f.state === 'running' || f.mail === 'pending') ?? false;

/** The facility's files; read again every 2 s while one is being generated or mailed (its progress). */
export function useReportFiles() {
  return useQuery({
    queryKey: reportKeys.files(),
    queryFn: ({ signal }) => apiRequest('report-files', { schema: reportFilesSchema, signal }),
    refetchInterval: (query) => (busy(query.state.data) ? 2000 : false),
  });
}

/** Downloads a file (it needs the bearer token, so no plain link) under the name the server gives. */
export async function downloadReportFile(id: number, fallbackName: string): Promise<void> {
  const blob = await apiRequest(`report-files/${id}/download`, { read: 'blob', headers: { accept: '*/*' } });
  saveBlob(blob, fallbackName);
}
