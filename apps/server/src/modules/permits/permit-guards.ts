import type { PermitCommand, PermitFacts, PermitGuard, PermitGuardHooks, PermitRefusalTab } from '@hasp/contracts';
import type { Db } from '../../db/schema';
import type { PermitRecord } from './permit.repository';

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
   * The permit's fields its facts read (besides its own tables, which no lifecycle command writes:
   * those write the permit, its assets, approvals and signatures). After a lifecycle command the
   * facts read at the lock are kept when this key of the permit is unchanged, instead of read
   * again (decision 0061). Absent: read again after every command.
   */
  factsKey?: (permit: PermitRecord) => string;
  /**
   * The same facts for many permits at once, by permit ID (a few statements for all: the offline
   * download lists a page of permits' buttons). Without it, `facts` is read permit by permit.
   */
  factsForPermits?: (db: Db, permits: readonly PermitRecord[]) => Promise<Map<number, PluginFacts<F>>>;
  guards: PermitGuardHooks<F>;
  /** The permit page's tab where what its guards refuse is done (the screen links a refusal there). */
  resolvedIn?: PermitRefusalTab;
  /** Its guards whose refusal names things of several tabs: they link nowhere, the other guards refusing with them do. */
  onNoTab?: PermitGuard<F>[];
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
    timeZone: permit.facilityTimeZone,
    pendingHandoverId: permit.pendingHandover?.ID ?? null,
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

/** The tab each registered guard's refusal is resolved on (contracts' `commandRefusals` asks it). */
export function permitGuardTab(guard: PermitGuard): PermitRefusalTab | undefined {
  for (const plugin of plugins.values()) {
    if (!plugin.resolvedIn || plugin.onNoTab?.includes(guard)) continue;
    for (const guards of Object.values(plugin.guards) as PermitGuard[][]) {
      if (guards.includes(guard)) return plugin.resolvedIn;
    }
  }
  return undefined;
}

/** Each plugin's own facts within a loaded whole (for keeping them after a command: permitFactsAfter). */
const partsOf = new WeakMap<PermitFacts, Map<string, object>>();

/** The lifecycle's facts of a permit with every registered plugin's facts added. */
export async function loadPermitFacts(db: Db, permit: PermitRecord, now: Date): Promise<PermitFacts> {
  return withPlugins(db, permit, now, () => undefined);
}

/**
 * The facts of a permit a lifecycle command has just changed (`after`), given the ones read at its
 * lock (`before`, `factsBefore`): a plugin whose `factsKey` is the same before and after keeps its
 * facts (its tables are not the command's to write); the others, and the lifecycle's own, are read anew.
 */
export async function permitFactsAfter(
  db: Db,
  before: { permit: PermitRecord; facts: PermitFacts },
  after: PermitRecord,
  now: Date,
): Promise<PermitFacts> {
  const kept = partsOf.get(before.facts);
  return withPlugins(db, after, now, (name, plugin) =>
    kept && plugin.factsKey && plugin.factsKey(before.permit) === plugin.factsKey(after) ? kept.get(name) : undefined,
  );
}

async function withPlugins(
  db: Db,
  permit: PermitRecord,
  now: Date,
  keep: (name: string, plugin: PermitGuardPlugin<never>) => object | undefined,
): Promise<PermitFacts> {
  let facts: PermitFacts = permitFacts(permit, now);
  const parts = new Map<string, object>();
  for (const [name, plugin] of plugins) {
    if (!plugin.facts) continue;
    const part = keep(name, plugin) ?? (await plugin.facts(db, permit));
    parts.set(name, part);
    facts = { ...facts, ...part };
  }
  partsOf.set(facts, parts);
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
