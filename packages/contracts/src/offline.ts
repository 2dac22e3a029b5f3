import * as z from 'zod/mini';
import { offlineSharedSchema } from './offline-shared';
import { offlinePermitSchema, type OfflinePermit } from './offline-permit';
import { permitSchema } from './permits';

/**
 * Taking permits offline: `GET /api/offline/permits?type=<CODE>` answers the signed-in
 * user's permits of an offline-enabled type (facility setting `offlinePermitTypes`) with what the
 * permit page needs to show and change them without a network. The device stores each one in its
 * browser database (apps/web/src/offline-db) and shows the same permit page as online from it.
 */
export { offlinePermitSchema, type OfflinePermit };

/**
 * The sections an offline permit carries, by name: the permit page's sections (permit-types.ts
 * `permitSections`, present when the type enables them) plus the tags and attachments every permit shows.
 */
export const offlineSectionNames = [
  'isolation-plan',
  'tags',
  'questions',
  'crew-sign-on',
  'gas-tests',
  'hazard-analysis',
  'attachments',
] as const;
export type OfflineSectionName = (typeof offlineSectionNames)[number];

/** At most this many permits of one type on a device (the offline download's speed goal: 10,000 permits ≤ 1 s, bench/offline-download.ts). */
export const OFFLINE_DOWNLOAD_MAX = 10_000;
/** Permits per page of a download (default and most): each page is read and stored on its own. */
export const OFFLINE_PAGE_DEFAULT = 100;
export const OFFLINE_PAGE_MAX = 1000;
/**
 * What the device asks for (decision 0065): ~1 MB a page once what permits repeat is sent once,
 * and pages enough for two or three in flight to overlap the server's work with the device's.
 */
export const OFFLINE_PAGE_DEVICE = 500;

/**
 * What a device keeps offline: `mine`, the permits the user is on (requester, holder, issuer, a
 * standing approver, the lockbox's primary or a crew member signed on), the app's default; or
 * `under-way`, those and every permit of the type whose work is under way in the facility (a crew
 * member who signs on to permits they are not yet on chooses it).
 */
export const offlineScopes = ['mine', 'under-way'] as const;
export type OfflineScope = (typeof offlineScopes)[number];

/** A download's cursor: what the server recorded the device was sent (decision 0118). */
const cursorSchema = z.string().check(z.regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/));

/**
 * `GET /api/offline/permits?type=<CODE>&after=<id>&limit=<n>&scope=<mine|under-way>&since=<cursor>&cursor=<cursor>`:
 * the permit type's code; the page after permit `after` (by ID, the previous page's `nextAfter`),
 * at most `limit` permits, of the scope (`under-way` when not said, as before scopes existed).
 * `since` (first page): the cursor of this device's last complete download of the type and scope —
 * the answer then holds only the permits that differ from what that download sent (decision 0118).
 * `cursor` (pages after the first): the first page's cursor, so the server records what they sent.
 */
export const offlineDownloadQuerySchema = z.object({
  type: z.string().check(z.minLength(1), z.maxLength(50)),
  scope: z.optional(z.enum(offlineScopes)),
  after: z.optional(z.coerce.number<string>().check(z.int(), z.gte(0), z.lte(2_147_483_647))),
  limit: z.optional(z.coerce.number<string>().check(z.int(), z.positive(), z.lte(OFFLINE_PAGE_MAX))),
  since: z.optional(cursorSchema),
  cursor: z.optional(cursorSchema),
});

export const offlineDownloadSchema = z.object({
  /** The permit type downloaded. */
  permitType: z.object({ ID: z.int(), code: z.string(), name: z.string() }),
  /**
   * The page's permits, each with what every permit repeats (question versions, the risk matrix,
   * the free lockbox devices) as an index into `shared` (offline-shared.ts: `expandOfflinePermits`
   * gives them back as the section routes answer them).
   */
  permits: z.array(offlinePermitSchema),
  shared: offlineSharedSchema,
  /**
   * Reference data the offline page needs, by kind (`assets`, `isolation-points`, `master-lists`,
   * `questions`, `people`, `captions`, …), each as its online route answers it. On the first page
   * only (once a download, decision 0078): empty on the pages after it.
   */
  reference: z.record(z.string(), z.unknown()),
  /** Server time of the download. */
  downloadedAt: z.string(),
  /** The `after` of the next page; null on the last page. */
  nextAfter: z.nullable(z.int()),
  /**
   * On the first page (no `after`, or 0): the `after` of each further page at this `limit`, as the
   * permits stand now, so a device may ask for several at once (decision 0065); null on later pages.
   * A page still says its `nextAfter`: permits that joined the download since are on no listed page
   * until the device follows it.
   */
  pageStarts: z.nullable(z.array(z.int())),
  /**
   * On the first page: this download's cursor. The device sends it with the pages after the first
   * (`cursor`) and, once every page is stored, with its next download's first page (`since`).
   * Null on later pages.
   */
  cursor: z.nullable(cursorSchema),
  /**
   * On the first page: the `since` the answer is relative to, when the server could use it — then
   * `permits` holds only the permits that changed (in data or in what this user may do with them)
   * since that download, on this one page, and `inScope` every permit the device should keep. Null:
   * a whole download (no `since`, an unknown or another user's one, or more changes than a page).
   */
  since: z.nullable(cursorSchema),
  /** With `since`: the IDs of every permit of the download as it stands now; the device drops the others. */
  inScope: z.nullable(z.array(z.int())),
});
export type OfflineDownload = z.infer<typeof offlineDownloadSchema>;

/**
 * What the device checks of a page when it arrives (decision 0078): the page's frame and each
 * permit's list columns. The device keeps the page's text as it came and checks a permit whole
 * (`offlinePermitSchema`, sections rebuilt) when it is opened, not 10,000 of them on the way in.
 */
export const offlineDownloadPageSchema = z.extend(offlineDownloadSchema, {
  permits: z.array(
    z.object({
      permit: z.extend(
        z.pick(permitSchema, {
          ID: true,
          version: true,
          number: true,
          title: true,
          status: true,
          plannedStart: true,
          plannedEnd: true,
          createdAt: true,
          holder: true,
        }),
        // The page's type, sent once in `shared` (decision 0086); whole in a page stored before.
        { permitType: z.union([z.int(), permitSchema.shape.permitType]) },
      ),
    }),
  ),
});
