import type { Caller } from '../../platform';
import { sql } from 'kysely';
import * as z from 'zod/mini';
import {
  builtInDashboardLayout,
  dashboardLayoutItemSchema,
  dashboardLayoutSchema,
  type DashboardLayout,
  type FacilityDashboardLayout,
  type UserDashboardLayout,
} from '@hasp/contracts';
import type { Db } from '../../db/schema';
import { defineCommand, type CommandDefinition, type CommandRun } from '../../platform';
import { facilityLayoutTarget, layoutsPolicy, userLayoutTarget, type LayoutState } from './dashboard-layouts.policy';

/** A stored layout read back through the contract (a widget retired since is dropped, not an error). */
function storedLayout(items: unknown): DashboardLayout {
  const list = Array.isArray(items) ? items : [];
  const kept = list.filter((item) => z.safeParse(dashboardLayoutItemSchema, item).success);
  const parsed = z.safeParse(dashboardLayoutSchema, { items: kept });
  return parsed.success ? parsed.data : builtInDashboardLayout;
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

type LayoutRun = CommandRun<DashboardLayout, LayoutState>;

/** What a layout command stores, and how it audits and announces it. */
interface LayoutSave<R> {
  name: keyof typeof layoutsPolicy;
  target: CommandDefinition<DashboardLayout, LayoutState, R>['target'];
  /** Upserts the layout's items, moving its version on. */
  store(trx: LayoutRun['trx'], caller: Caller, items: string): Promise<unknown>;
  entityType: string;
  entityId(caller: Caller): number;
  event: string;
  /** What the audit row's `before` says of a layout never saved. */
  unsaved: unknown;
  answer(trx: LayoutRun['trx'], caller: Caller): Promise<R>;
}

/** A layout save as a command: stores the items, audits them before and after (the action is the command's name), announces it. */
function layoutCommand<R>(save: LayoutSave<R>) {
  return defineCommand({
    name: save.name,
    target: save.target,
    policy: layoutsPolicy[save.name],
    async apply({ trx, ctx, input, state, ...run }: LayoutRun): Promise<R> {
      const caller = ctx.actor;
      await save.store(trx, caller, JSON.stringify(input.items));
      const entity = { entityType: save.entityType, entityId: save.entityId(caller) };
      run.audit({
        action: save.name,
        ...entity,
        before: { items: state.row ? storedLayout(state.row.items).items : save.unsaved },
        after: { items: input.items },
      });
      run.event({ name: save.event, ...entity });
      return save.answer(trx, caller);
    },
  });
}

/**
 * Saves the caller's own layout when they saw its current version (If-Match; 0: never saved), so
 * two tabs do not overwrite each other silently. A user's own arrangement is not a safety record,
 * yet it is a change like any other: the runner audits it (`dashboards.layout.update`, the items
 * before and after) and announces `dashboard-layout.changed`.
 */
export const saveUserLayout = layoutCommand({
  name: 'dashboards.layout.update',
  target: userLayoutTarget,
  store: (trx, caller, items) =>
    trx
      .insertInto('dashboard_layouts')
      .values({ facility_id: caller.facilityId, user_id: caller.userId, items })
      .onConflict((oc) =>
        oc
          .columns(['facility_id', 'user_id'])
          .doUpdateSet({ items, version: sql`dashboard_layouts.version + 1`, updated_at: sql`now()` }),
      )
      .execute(),
  entityType: 'dashboard_layouts',
  entityId: (caller) => caller.userId,
  event: 'dashboard-layout.changed',
  // Never saved: the user had no layout of their own.
  unsaved: null,
  answer: readUserLayout,
});

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
 * like the other settings, announced `dashboard-default-layout.changed`) when the administrator saw
 * its current version (If-Match); the runner refuses a stale one with a 409 naming the current one.
 */
export const saveFacilityLayout = layoutCommand({
  name: 'dashboards.default-layout.update',
  target: facilityLayoutTarget,
  store: (trx, caller, items) =>
    trx
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
      .execute(),
  entityType: 'dashboard_default_layouts',
  entityId: (caller) => caller.facilityId,
  event: 'dashboard-default-layout.changed',
  unsaved: builtInDashboardLayout.items,
  answer: (trx, caller) => readFacilityLayout(trx, caller.facilityId),
});
