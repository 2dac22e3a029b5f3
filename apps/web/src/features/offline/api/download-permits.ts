import { offlineDownloadSchema, type OfflineDownload } from '@hasp/contracts';
import { apiRequest } from '../../../lib/http';

/** `GET /api/offline/permits?type=<CODE>`: the signed-in user's permits of one offline-enabled type. */
export function downloadOfflinePermits(type: string, signal?: AbortSignal): Promise<OfflineDownload> {
  return apiRequest('offline/permits', { query: { type }, schema: offlineDownloadSchema, signal });
}
