import type { Kysely, Transaction } from 'kysely';
import type { PermitCommand, PermitFacts, PermitGuard, PermitGuardHooks } from '@hasp/contracts';
import type { Database } from '../../db/schema';
import type { PermitRecord } from './permit.repository';

type Db = Kysely<Database> | Transaction<Database>;

/**
 * Guards a later issue plugs into the lifecycle (isolation complete before issue, no crew signed on
 * at close, signatures present): the facts its guards read, loaded in the command's transaction once
 * the permit is locked, and the guards per command. Registered from that module, so the
 * lifecycle's files never change for it.
 * @example registerPermitGuards({ name: 'isolation', facts: async (db, p) => ({ isolationComplete: await ... }), guards: { issue: [isolationComplete] } })
 */
export interface PermitGuardPlugin<F extends PermitFacts = PermitFacts> {
  /** Who registered it (a second registration under the same name replaces the first). */
  name: string;
  /** Its own facts; `approvalStagesLeft` is the lifecycle's one fact a plugin gives (the approval stages). */
  facts?: (db: Db, permit: PermitRecord) => Promise<PluginFacts<F>>;
  /**
   * The same facts for many permits at once, by permit ID (a few statements for all: the offline
   * download lists a page of permits' buttons). Without it, `facts` is read permit by permit.
   */
  factsForPermits?: (db: Db, permits: readonly PermitRecord[]) => Promise<Map<number, PluginFacts<F>>>;
  guards: PermitGuardHooks<F>;
}

type PluginFacts<F extends PermitFacts> = Omit<F, Exclude<keyof PermitFacts, 'approvalStagesLeft'>>;

/** The lifecycle's facts of a stored permit, as `decide` and `allowedCommands` read them. */
export function permitFacts(permit: PermitRecord, now: Date): PermitFacts {
  return {
    status: permit.status,
    typeCode: permit.permitType.code,
    requesterId: permit.requester.ID,
    holderId: permit.holder?.ID ?? null,
    issuerId: permit.issuer?.ID ?? null,
    approverIds: permit.approvals.map((a) => a.user.ID),
    plannedStart: permit.plannedStart,
    plannedEnd: permit.plannedEnd,
    extensionCount: permit.extensionCount,
    maxExtensions: permit.maxExtensions,
    maxValidityHours: permit.maxValidityHours,
    now,
  };
}

const plugins = new Map<string, PermitGuardPlugin<never>>();

export function registerPermitGuards<F extends PermitFacts>(plugin: PermitGuardPlugin<F>): void {
  plugins.set(plugin.name, plugin as unknown as PermitGuardPlugin<never>);
}

/** Every registered guard, by command (the lifecycle's own table runs first, then these). */
export function permitGuardHooks(): PermitGuardHooks {
  const hooks: Partial<Record<PermitCommand, PermitGuard[]>> = {};
  for (const plugin of plugins.values()) {
    for (const [command, guards] of Object.entries(plugin.guards) as [PermitCommand, PermitGuard[]][]) {
      (hooks[command] ??= []).push(...guards);
    }
  }
  return hooks;
}

/** The lifecycle's facts of a permit with every registered plugin's facts added. */
export async function loadPermitFacts(db: Db, permit: PermitRecord, now: Date): Promise<PermitFacts> {
  let facts: PermitFacts = permitFacts(permit, now);
  for (const plugin of plugins.values()) {
    if (plugin.facts) facts = { ...facts, ...(await plugin.facts(db, permit)) };
  }
  return facts;
}

/** loadPermitFacts for many permits, by permit ID: each plugin's facts read for all of them at once where it can. */
export async function loadPermitFactsForPermits(
  db: Db,
  permits: readonly PermitRecord[],
  now: Date,
): Promise<Map<number, PermitFacts>> {
  const all = new Map(permits.map((permit) => [permit.ID, permitFacts(permit, now)]));
  for (const plugin of plugins.values()) {
    if (plugin.factsForPermits) {
      const found = await plugin.factsForPermits(db, permits);
      for (const permit of permits) all.set(permit.ID, { ...all.get(permit.ID)!, ...found.get(permit.ID)! });
    } else if (plugin.facts) {
      const facts = plugin.facts;
      const found = await Promise.all(permits.map((permit) => facts(db, permit)));
      permits.forEach((permit, i) => all.set(permit.ID, { ...all.get(permit.ID)!, ...found[i]! }));
    }
  }
  return all;
}
