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
  facts?: (db: Db, permit: PermitRecord) => Promise<Omit<F, Exclude<keyof PermitFacts, 'approvalStagesLeft'>>>;
  guards: PermitGuardHooks<F>;
}

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
