import type { Kysely } from 'kysely';
import type { Tag } from '@hasp/contracts';
import type { Database } from '../../db/schema';
import type { Actor } from '../../platform';
import { listTags, listTagsForPermits } from './tag-view';

/** A permit's tags exactly as `GET /permits/:id/tags` answers them (the caller may view the permit). */
export function readTagsSection(db: Kysely<Database>, viewer: { actor: Actor }, permitId: number): Promise<Tag[]> {
  return listTags(db, viewer.actor.facilityId, permitId, viewer.actor.userId);
}

/** readTagsSection for many permits of the facility at once (one statement), by permit ID: [] for a permit without tags. */
export async function readTagsSectionsForPermits(
  db: Kysely<Database>,
  viewer: { actor: Actor },
  permitIds: readonly number[],
): Promise<Map<number, Tag[]>> {
  const found = await listTagsForPermits(db, viewer.actor.facilityId, permitIds, viewer.actor.userId);
  return new Map(permitIds.map((id) => [id, found.get(id) ?? []]));
}
