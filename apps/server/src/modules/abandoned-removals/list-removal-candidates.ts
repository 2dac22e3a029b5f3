import type { Kysely } from 'kysely';
import type { AbandonedRemovalCandidate } from '@hasp/contracts';
import type { Database } from '../../db/schema';
import type { Actor } from '../../platform';
import {
  listAppliedTags,
  listOpenLockApplications,
  listPointLabels,
  type AppliedTag,
} from './abandoned-removal.repository';

/**
 * What the wizard offers on a permit: each open lock someone else applied, paired with that
 * person's applied tag on the same point or lock (removed together), then their tags that hang
 * alone (a tag-only point). The caller's own are left out: theirs is an ordinary removal.
 * Undefined when the permit is not the facility's.
 */
export async function listRemovalCandidates(
  db: Kysely<Database>,
  actor: Actor,
  permitId: number,
): Promise<AbandonedRemovalCandidate[] | undefined> {
  const permit = await db
    .selectFrom('permits')
    .select('id')
    .where('facility_id', '=', actor.facilityId)
    .where('id', '=', permitId)
    .executeTakeFirst();
  if (!permit) return undefined;
  const [applications, tags] = await Promise.all([
    listOpenLockApplications(db, actor.facilityId, permitId),
    listAppliedTags(db, actor.facilityId, permitId),
  ]);
  const pointIds = [
    ...new Set(
      [...applications.map((a) => a.planPointId), ...tags.map((t) => t.planPointId)].filter((id) => id !== null),
    ),
  ];
  const labels = new Map(
    (await listPointLabels(db, actor.facilityId, pointIds)).map((p) => [
      p.planPointId,
      { code: p.code, location: p.location },
    ]),
  );
  const paired = new Set<number>();
  const candidates: AbandonedRemovalCandidate[] = [];
  for (const a of applications) {
    if (a.appliedBy === actor.userId) continue;
    const tag = tags.find(
      (t: AppliedTag) =>
        !paired.has(t.id) &&
        t.appliedBy === a.appliedBy &&
        (t.lockApplicationId === a.id || (t.planPointId !== null && t.planPointId === a.planPointId)),
    );
    if (tag) paired.add(tag.id);
    candidates.push({
      lockApplicationId: a.id,
      lockSerial: a.lockSerial,
      tagId: tag?.id ?? null,
      tagNumber: tag?.number ?? null,
      point: a.planPointId !== null ? (labels.get(a.planPointId) ?? null) : null,
      onLockbox: a.lockboxId !== null,
      applier: { ID: a.appliedBy, displayName: a.appliedByName },
      appliedAt: a.appliedAt.toISOString(),
    });
  }
  for (const t of tags) {
    if (paired.has(t.id) || t.appliedBy === null || t.appliedBy === actor.userId) continue;
    candidates.push({
      lockApplicationId: null,
      lockSerial: null,
      tagId: t.id,
      tagNumber: t.number,
      point: t.planPointId !== null ? (labels.get(t.planPointId) ?? null) : null,
      onLockbox: t.lockApplicationId !== null,
      applier: { ID: t.appliedBy, displayName: t.appliedByName ?? '' },
      appliedAt: (t.appliedAt ?? new Date(0)).toISOString(),
    });
  }
  return candidates;
}
