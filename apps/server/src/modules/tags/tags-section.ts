import type { Kysely } from 'kysely';
import type { Tag } from '@hasp/contracts';
import type { Database } from '../../db/schema';
import type { Actor } from '../../platform';
import { listTags, listTagsForPermits } from './tag-view';

const tagViewer = (viewer: { actor: Actor; permissions: ReadonlySet<string> }) => ({
  userId: viewer.actor.userId,
  permissions: viewer.permissions,
});

/** A permit's tags exactly as `GET /permits/:id/tags` answers them (the caller may view the permit). */
export function readTagsSection(
  db: Kysely<Database>,
  viewer: { actor: Actor; permissions: ReadonlySet<string> },
  permitId: number,
): Promise<Tag[]> {
  return listTags(db, viewer.actor.facilityId, permitId, tagViewer(viewer));
}

/** readTagsSection for many permits of the facility at once (one statement), by permit ID: [] for a permit without tags. */
export async function readTagsSectionsForPermits(
  db: Kysely<Database>,
  viewer: { actor: Actor; permissions: ReadonlySet<string> },
  permitIds: readonly number[],
): Promise<Map<number, Tag[]>> {
  const found = await listTagsForPermits(db, viewer.actor.facilityId, permitIds, tagViewer(viewer));
  return new Map(permitIds.map((id) => [id, found.get(id) ?? []]));
}
