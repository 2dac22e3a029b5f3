import { authorizedFetch, toApiError, toastForError } from '../../../lib/http';

const path = 'admin/user-management/import-template';

/** Fetches the CSV template (it needs the bearer token, so no plain link) and saves it as a file. */
export async function downloadImportTemplate(): Promise<void> {
  try {
    const response = await authorizedFetch(path, { headers: { accept: 'text/csv' } });
    if (!response.ok) throw await toApiError(response);
    const url = URL.createObjectURL(await response.blob());
    const link = document.createElement('a');
    link.href = url;
    link.download = 'users-template.csv';
    link.click();
    // Give the browser a moment to start the download before the address goes.
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  } catch (error) {
    toastForError(path, error);
  }
}
