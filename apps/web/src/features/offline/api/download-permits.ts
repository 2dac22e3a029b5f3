import {
  OFFLINE_PAGE_DEVICE,
  offlineDownloadPageSchema,
  type OfflineDownload,
  type OfflineScope,
} from '@hasp/contracts';
import { ApiRequestError, authorizedFetch, toApiError, toastForError } from '../../../lib/http';

/** A page of a download: as parsed (its frame and list columns checked), and its text as it came. */
export interface DownloadedPage {
  page: OfflineDownload;
  text: string;
}

const path = 'offline/permits';

/** The cursors a page names (decision 0118): the first page `since`, later pages the download's own `cursor`. */
export interface DownloadCursors {
  since?: string;
  cursor?: string;
}

/**
 * `GET /api/offline/permits?type=<CODE>&after=<id>&limit=<n>&scope=<…>&since=<…>&cursor=<…>`: a page
 * of the signed-in user's permits of one offline-enabled type, of the scope they chose (the first
 * page also says where every further page starts, and with `since` holds only what changed).
 * Only the page's frame and list columns are checked here (decision 0078): the text is stored as
 * it came and each permit is checked whole against the contract when it is opened.
 */
export async function downloadOfflinePermits(
  type: string,
  scope: OfflineScope,
  after = 0,
  cursors: DownloadCursors = {},
  limit = OFFLINE_PAGE_DEVICE,
  signal?: AbortSignal,
): Promise<DownloadedPage> {
  try {
    const response = await authorizedFetch(path, { query: { type, after, limit, scope, ...cursors }, signal });
    if (!response.ok) throw await toApiError(response);
    const text = await response.text();
    const data: unknown = JSON.parse(text);
    const checked = offlineDownloadPageSchema.safeParse(data);
    if (!checked.success) {
      console.error(`Unexpected response from ${response.url}`, checked.error.issues);
      throw new ApiRequestError(
        response.status,
        { code: 'INTERNAL', message: 'The server sent an answer this page does not understand. Reload the page.' },
        undefined,
      );
    }
    return { page: data as OfflineDownload, text };
  } catch (error) {
    toastForError(path, error);
    throw error;
  }
}
