import { offlineDownloadSchema, type OfflineDownload } from '@hasp/contracts';
import { apiRequest } from '../../../lib/http';

/** `GET /api/offline/permits?type=<CODE>&after=<id>`: a page of the signed-in user's permits of one offline-enabled type. */
export function downloadOfflinePermits(type: string, after = 0, signal?: AbortSignal): Promise<OfflineDownload> {
  return apiRequest('offline/permits', { query: { type, after }, schema: offlineDownloadSchema, signal });
}
