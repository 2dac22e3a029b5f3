import type { ImportFormat } from '@hasp/contracts';
import { apiRequest } from '../../../lib/http';

/** Saves a blob under a name through a temporary link (the file needs the bearer token: no plain link). */
function save(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // Give the browser a moment to start the download before the address goes.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

async function download(path: string, query: Record<string, string> | undefined, fileName: string): Promise<void> {
  save(await apiRequest(path, { query, read: 'blob', headers: { accept: '*/*' }, quiet: () => true }), fileName);
}

/** A template to fill in: CSV of one kind, or the XLSX workbook with every sheet. */
export const downloadTemplate = (kind: string, format: ImportFormat) =>
  download(`asset-imports/templates/${kind}`, { format }, `hasp-${kind}-template.${format}`);

/** The import file exactly as it was uploaded. */
export const downloadOriginal = (id: number, fileName: string) =>
  download(`asset-imports/${id}/file`, undefined, fileName);
