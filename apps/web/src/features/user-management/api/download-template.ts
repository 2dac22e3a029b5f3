import { apiRequest } from '../../../lib/http';

/** Fetches the CSV template (it needs the bearer token, so no plain link) and saves it as a file. */
export async function downloadImportTemplate(): Promise<void> {
  try {
    const csv = await apiRequest('admin/user-management/import-template', {
      read: 'blob',
      headers: { accept: 'text/csv' },
    });
    const url = URL.createObjectURL(csv);
    const link = document.createElement('a');
    link.href = url;
    link.download = 'users-template.csv';
    link.click();
    // Give the browser a moment to start the download before the address goes.
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  } catch {
    // apiRequest has shown the error toast; the button simply stays where it was.
  }
}
