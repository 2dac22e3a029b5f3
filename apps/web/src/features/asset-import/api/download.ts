import type { ImportFormat } from '@hasp/contracts';
import { apiRequest } from '../../../lib/http';
import { saveBlob as save } from '../../../lib/save-blob';

async function download(path: string, query: Record<string, string> | undefined, fileName: string): Promise<void> {
  save(await apiRequest(path, { query, read: 'blob', headers: { accept: '*/*' }, quiet: () => true }), fileName);
}

/** A template to fill in: CSV of one kind, or the XLSX workbook with every sheet. */
export const downloadTemplate = (kind: string, format: ImportFormat) =>
  download(`asset-imports/templates/${kind}`, { format }, `hasp-${kind}-template.${format}`);

/** The import file exactly as it was uploaded. */
export const downloadOriginal = (id: number, fileName: string) =>
  download(`asset-imports/${id}/file`, undefined, fileName);
