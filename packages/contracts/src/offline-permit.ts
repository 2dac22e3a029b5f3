import * as z from 'zod/mini';
import { permitSchema } from './permits';

// One permit as a device stores it, apart from the download's answer (offline.ts): the values a
// download page shares (offline-shared.ts) are put back into it.

/** A permit taken offline. */
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
