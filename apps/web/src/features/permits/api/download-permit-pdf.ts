import { useMutation } from '@tanstack/react-query';
import type { Permit } from '@hasp/contracts';
import { apiRequest } from '../../../lib/http';
import { saveBlob } from '../../../lib/save-file';

/** Downloads the permit's job-site copy (GET /api/permits/:id/pdf) and saves it as "<number>.pdf". */
export async function downloadPermitPdf(permit: Pick<Permit, 'ID' | 'number'>): Promise<void> {
  const pdf = await apiRequest(`permits/${permit.ID}/pdf`, { read: 'blob', headers: { accept: 'application/pdf' } });
  saveBlob(pdf, `${permit.number}.pdf`);
}

/** The download as a mutation: its pending state keeps the button from being pressed twice. */
export function useDownloadPermitPdf() {
  return useMutation({ mutationFn: downloadPermitPdf });
}
