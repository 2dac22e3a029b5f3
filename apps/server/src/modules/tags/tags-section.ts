import type { Kysely } from 'kysely';
import type { Tag } from '@hasp/contracts';
import type { Database } from '../../db/schema';
import type { Actor } from '../../platform';
import { listTags } from './tag-view';

/** A permit's tags exactly as `GET /permits/:id/tags` answers them (the caller may view the permit). */
export function readTagsSection(db: Kysely<Database>, viewer: { actor: Actor }, permitId: number): Promise<Tag[]> {
  return listTags(db, viewer.actor.facilityId, permitId, viewer.actor.userId);
}
