import { OFFLINE_PAGE_DEVICE, offlineDownloadSchema, type OfflineDownload } from '@hasp/contracts';
import { apiRequest } from '../../../lib/http';

/**
 * `GET /api/offline/permits?type=<CODE>&after=<id>&limit=<n>`: a page of the signed-in user's
 * permits of one offline-enabled type (the first page also says where every further page starts).
 */
export function downloadOfflinePermits(
  type: string,
  after = 0,
  signal?: AbortSignal,
  limit = OFFLINE_PAGE_DEVICE,
): Promise<OfflineDownload> {
  return apiRequest('offline/permits', { query: { type, after, limit }, schema: offlineDownloadSchema, signal });
}
