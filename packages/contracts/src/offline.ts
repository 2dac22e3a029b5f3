import * as z from 'zod/mini';
import { permitSchema } from './permits';

/**
 * Taking permits offline (issue 18): `GET /api/offline/permits?type=<CODE>` answers the signed-in
 * user's permits of an offline-enabled type (facility setting `offlinePermitTypes`) with what the
 * permit page needs to show and change them without a network. The device stores each one in its
 * browser database (apps/web/src/offline-db) and shows the same permit page as online from it.
 */
export const offlinePermitSchema = z.object({
  /** The permit exactly as `GET /api/permits/:id` answers it. */
  permit: permitSchema,
  /**
   * What each section of the permit page reads, by section name (`isolation-plan`, `tags`,
   * `questions`, `crew`, `gas-tests`, `hazard-analysis`…), exactly as that section's GET route
   * answers it, so the offline page renders with the online components.
   */
  sections: z.record(z.string(), z.unknown()),
  /**
   * The version of each record a queued command is checked against, by the command name's prefix
   * (`permit`, `isolation-plan`, `tag`, `lock`, `lockbox`, `permit-questions`, `gas-test`,
   * `hazard-analysis`): the device sends it as the command's `baseVersion`.
   */
  versions: z.record(z.string(), z.number()),
});
export type OfflinePermit = z.infer<typeof offlinePermitSchema>;

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

/** At most this many permits of one type on a device (the quality bar's P8 figure). */
export const OFFLINE_DOWNLOAD_MAX = 10_000;
/** Permits per page of a download (default and most): each page is read and stored on its own. */
export const OFFLINE_PAGE_DEFAULT = 100;
export const OFFLINE_PAGE_MAX = 500;

/**
 * `GET /api/offline/permits?type=<CODE>&after=<id>&limit=<n>`: the permit type's code; the page
 * after permit `after` (by ID, the previous page's `nextAfter`), at most `limit` permits.
 */
export const offlineDownloadQuerySchema = z.object({
  type: z.string().check(z.minLength(1), z.maxLength(50)),
  after: z.optional(z.coerce.number<string>().check(z.int(), z.gte(0), z.lte(2_147_483_647))),
  limit: z.optional(z.coerce.number<string>().check(z.int(), z.positive(), z.lte(OFFLINE_PAGE_MAX))),
});

export const offlineDownloadSchema = z.object({
  /** The permit type downloaded. */
  permitType: z.object({ ID: z.int(), code: z.string(), name: z.string() }),
  permits: z.array(offlinePermitSchema),
  /**
   * Reference data the offline page needs, by kind (`assets`, `isolation-points`, `master-lists`,
   * `questions`, `people`, `captions`, …), each as its online route answers it.
   */
  reference: z.record(z.string(), z.unknown()),
  /** Server time of the download. */
  downloadedAt: z.string(),
  /** The `after` of the next page; null on the last page. */
  nextAfter: z.nullable(z.int()),
});
export type OfflineDownload = z.infer<typeof offlineDownloadSchema>;
