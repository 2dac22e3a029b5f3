import { sql, type Kysely } from 'kysely';
import * as z from 'zod/mini';
import {
  builtInDashboardLayout,
  dashboardLayoutItemSchema,
  dashboardLayoutSchema,
  type DashboardLayout,
  type FacilityDashboardLayout,
  type UserDashboardLayout,
} from '@hasp/contracts';
import type { Database } from '../../db/schema';
import { AppError } from '../../plugins/app-error';
import type { Actor } from '../../platform';
import { recordAudit } from '../audit';

type Db = Kysely<Database>;
type Caller = Pick<Actor, 'facilityId' | 'userId'>;

/** A stored layout read back through the contract (a widget retired since is dropped, not an error). */
function storedLayout(items: unknown): DashboardLayout {
  const list = Array.isArray(items) ? items : [];
  const kept = list.filter((item) => z.safeParse(dashboardLayoutItemSchema, item).success);
  const parsed = z.safeParse(dashboardLayoutSchema, { items: kept });
  return parsed.success ? parsed.data : builtInDashboardLayout;
}

function conflict(what: string, current: number): AppError {
  return new AppError(
    'CONFLICT',
    409,
    `Someone changed ${what} first (it is now at version ${current}). Reload it and try again.`,
    [{ field: 'version', message: String(current) }],
  );
}

/** The facility's default: the administrator's, else the built-in one (version 0). */
export async function readFacilityLayout(db: Db, facilityId: number): Promise<FacilityDashboardLayout> {
  const row = await db
    .selectFrom('dashboard_default_layouts')
    .select(['items', 'version'])
    .where('facility_id', '=', facilityId)
    .executeTakeFirst();
  return row
    ? { layout: storedLayout(row.items), version: row.version }
    : { layout: builtInDashboardLayout, version: 0 };
}

/** The caller's dashboard: their own saved one, else the facility's default, else the built-in one. */
export async function readUserLayout(db: Db, caller: Caller): Promise<UserDashboardLayout> {
  const row = await db
    .selectFrom('dashboard_layouts')
    .select(['items', 'version'])
    .where('facility_id', '=', caller.facilityId)
    .where('user_id', '=', caller.userId)
    .executeTakeFirst();
  if (row) return { layout: storedLayout(row.items), source: 'user', version: row.version };
  const facility = await readFacilityLayout(db, caller.facilityId);
  return { layout: facility.layout, source: facility.version ? 'facility' : 'built-in', version: 0 };
}

/**
 * Saves the caller's own layout when they saw its current version (0: never saved). A user's own
 * arrangement is not a safety record: it is versioned (two tabs do not overwrite each other
 * silently) but not audited.
 */
export async function saveUserLayout(
  db: Db,
  caller: Caller,
  layout: DashboardLayout,
  expectedVersion: number | null,
): Promise<UserDashboardLayout> {
  const items = JSON.stringify(layout.items);
  await db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom('dashboard_layouts')
      .select('version')
      .where('facility_id', '=', caller.facilityId)
      .where('user_id', '=', caller.userId)
      .forUpdate()
      .executeTakeFirst();
    const current = row?.version ?? 0;
    if (expectedVersion !== null && expectedVersion !== current) throw conflict('your dashboard', current);
    await trx
      .insertInto('dashboard_layouts')
      .values({ facility_id: caller.facilityId, user_id: caller.userId, items })
      .onConflict((oc) =>
        oc
          .columns(['facility_id', 'user_id'])
          .doUpdateSet({ items, version: sql`dashboard_layouts.version + 1`, updated_at: sql`now()` }),
      )
      .execute();
  });
  return readUserLayout(db, caller);
}

/** Forgets the caller's own layout: they see the facility's default again. */
export async function resetUserLayout(db: Db, caller: Caller): Promise<UserDashboardLayout> {
  await db
    .deleteFrom('dashboard_layouts')
    .where('facility_id', '=', caller.facilityId)
    .where('user_id', '=', caller.userId)
    .execute();
  return readUserLayout(db, caller);
}

/**
 * Sets the facility's default dashboard (configuration: audited `dashboards.default-layout.update`,
 * like the other settings) when the administrator saw its current version; stale is a 409.
 */
export async function saveFacilityLayout(
  db: Db,
  caller: Caller,
  layout: DashboardLayout,
  expectedVersion: number | null,
): Promise<FacilityDashboardLayout> {
  const items = JSON.stringify(layout.items);
  await db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom('dashboard_default_layouts')
      .select(['items', 'version'])
      .where('facility_id', '=', caller.facilityId)
      .forUpdate()
      .executeTakeFirst();
    const current = row?.version ?? 0;
    if (expectedVersion !== null && expectedVersion !== current) throw conflict("the facility's dashboard", current);
    await trx
      .insertInto('dashboard_default_layouts')
      .values({ facility_id: caller.facilityId, items, updated_by: caller.userId })
      .onConflict((oc) =>
        oc.column('facility_id').doUpdateSet({
          items,
          updated_by: caller.userId,
          version: sql`dashboard_default_layouts.version + 1`,
          updated_at: sql`now()`,
        }),
      )
      .execute();
    await recordAudit(trx, {
      userId: caller.userId,
      facilityId: caller.facilityId,
      action: 'dashboards.default-layout.update',
      entityType: 'dashboard_default_layouts',
      entityId: caller.facilityId,
      before: { items: row ? storedLayout(row.items).items : builtInDashboardLayout.items },
      after: { items: layout.items },
    });
  });
  return readFacilityLayout(db, caller.facilityId);
}
