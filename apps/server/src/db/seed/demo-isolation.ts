import { sql, type Kysely, type Transaction } from 'kysely';
import type { IsolationPlan, IsolationPlanInput, IsolationPlanVerb } from '@hasp/contracts';
import type { Database } from '../schema';
import type { EventBus, RequestContext } from '../../platform';
import { runCommand } from '../../platform';
import { isolationPlanCommands } from '../../modules/isolation-plan';
import { applyLock, assignLockToPermit, removeLock, unassignLockFromPermit } from '../../modules/locks';
import { tagCommandDefinitions } from '../../modules/tags';
import { DEMO_ISOLATION_LOCK_PREFIX } from './demo-locks';

/**
 * The demo plant's isolation points: one component per plant asset with the points a
 * crew locks out on it, so every demo permit of a type with an isolation plan has real points.
 * Permits on the same asset share its points ("held by permits X, Y").
 */
const plantPoints: [asset: string, component: string, points: [string, string, string, boolean, string][]][] = [
  [
    'P-410',
    'Motor and pump',
    [
      ['E-410', 'breaker', 'MCC-3 bucket 7', true, 'Try start at the local station'],
      ['V-410', 'valve', 'Suction valve from the deaerator', true, 'Casing drain shows no flow'],
    ],
  ],
  [
    'P-411',
    'Motor and pump',
    [
      ['E-411', 'breaker', 'MCC-3 bucket 8', true, 'Try start at the local station'],
      ['V-411', 'valve', 'Suction valve from the deaerator', true, 'Casing drain shows no flow'],
    ],
  ],
  [
    'CV-301',
    'Drive',
    [['E-301', 'disconnect switch', 'Local disconnect at the tail pulley', true, 'Try start at the HMI']],
  ],
  [
    'CV-302',
    'Drive',
    [['E-302', 'disconnect switch', 'Local disconnect at the drive end', true, 'Try start at the HMI']],
  ],
  [
    'PL-310',
    'Robot cell',
    [
      ['E-310', 'disconnect switch', 'Cell main disconnect', true, 'Teach pendant shows no drive power'],
      ['P-310', 'valve', 'Gripper air dump valve', true, 'Gauge reads 0 bar'],
    ],
  ],
  ['PR-001-F', 'Feeder drive', [['E-2', 'disconnect switch', 'MCC-3 bucket 5', true, 'Try start at the feeder panel']]],
  [
    'P-501',
    'Pump',
    [
      ['E-501', 'breaker', 'MCC-3 bucket 12', true, 'Try start at the local station'],
      ['V-501', 'valve', 'Discharge valve', false, 'Discharge gauge reads 0 bar'],
    ],
  ],
  [
    'AC-201',
    'Compressor',
    [
      ['E-201', 'disconnect switch', 'Compressor main disconnect', true, 'Try start at the controller'],
      ['P-201', 'valve', 'Receiver outlet valve', true, 'Receiver gauge reads 0 bar'],
    ],
  ],
  [
    'BL-401',
    'Boiler',
    [
      ['F-401', 'valve', 'Main gas valve', true, 'Burner management shows no flame'],
      ['S-401', 'valve', 'Main steam stop valve', true, 'Drum pressure reads 0 bar'],
      ['E-401', 'breaker', 'Boiler control panel feed', true, 'Panel dead on test'],
    ],
  ],
  [
    'TK-510',
    'Tank',
    [
      ['V-510', 'blind flange', 'Inlet line blind', false, 'Blind fitted and tagged'],
      ['E-510', 'breaker', 'Mixer breaker', true, 'Try start at the local station'],
    ],
  ],
  [
    'MCC-3',
    'Section 2',
    [['E-600', 'breaker', 'Incoming breaker from TX-601', true, 'Test for absence of voltage on the bus']],
  ],
  [
    'TX-601',
    'Primary',
    [['E-601', 'disconnect switch', '13.8 kV primary switch', true, 'Test for absence of voltage; earths applied']],
  ],
];

/** Inserts the plant assets' components and isolation points the facility does not have yet. */
export async function seedDemoIsolationPoints(trx: Transaction<Database>, facilityId: number): Promise<void> {
  for (const [asset, component, points] of plantPoints) {
    const found = await trx
      .selectFrom('assets')
      .select('id')
      .where('facility_id', '=', facilityId)
      .where('number', '=', asset)
      .executeTakeFirst();
    if (!found) continue;
    let comp = await trx
      .selectFrom('components')
      .select('id')
      .where('asset_id', '=', found.id)
      .where('number', '=', 'C-1')
      .executeTakeFirst();
    comp ??= await trx
      .insertInto('components')
      .values({ facility_id: facilityId, asset_id: found.id, number: 'C-1', name: component })
      .returning('id')
      .executeTakeFirstOrThrow();
    for (const [code, device, location, lockable, verify] of points) {
      await sql`
        insert into isolation_points (facility_id, component_id, asset_id, code, device_type_item_id, location,
          lockable, tag_only_measure, verification_method)
        select ${facilityId}, ${comp.id}, ${found.id}, ${code}, t.id, ${location}, ${lockable},
          ${lockable ? '' : 'Tag and a second barrier; the valve handle is chained'}, ${verify}
        from master_list_items t
        where t.facility_id = ${facilityId} and t.list_key = 'device-types' and t.value = ${device}
          and not exists (select 1 from isolation_points where asset_id = ${found.id} and code = ${code})`.execute(trx);
    }
  }
}

/**
 * The isolation lock board's padlocks (demo-locks.ts), taken by the demo permits and returned (a lock
 * is on one point at a time). Read once per facility: the stories run on several workers at once.
 */
class LockPool {
  private free: Promise<number[]> | null = null;
  constructor(private readonly facilityId: number) {}
  async take(db: Kysely<Database>): Promise<number> {
    this.free ??= db
      .selectFrom('locks')
      .select('id')
      .where('facility_id', '=', this.facilityId)
      .where('serial', 'like', `${DEMO_ISOLATION_LOCK_PREFIX}%`)
      .where('status', '=', 'available')
      .orderBy('serial', 'desc')
      .execute()
      .then((rows) => rows.map((r) => r.id));
    const id = (await this.free).pop();
    if (id === undefined)
      throw new Error(`The demo permits need more ${DEMO_ISOLATION_LOCK_PREFIX} padlocks (demo-locks.ts)`);
    return id;
  }
  async give(id: number) {
    (await this.free)?.push(id);
  }
}

/** Per database and facility: the Demo and SSO connections both seed a facility 1, each with its own locks. */
const pools = new WeakMap<Kysely<Database>, Map<number, LockPool>>();

/** Runs the demo's plan commands for one permit, one transaction each, as the app's routes do. */
export class DemoIsolation {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly events: EventBus,
    private readonly permitId: number,
    private readonly facilityId: number,
  ) {}

  private async give(
    ctx: RequestContext,
    verb: IsolationPlanVerb,
    input: IsolationPlanInput = {},
  ): Promise<IsolationPlan> {
    const definition = isolationPlanCommands[verb];
    const { result } = await runCommand(this.events, ctx, definition, {
      name: definition.name,
      targetId: this.permitId,
      input,
    });
    return result;
  }

  /** Hands a pool lock to this permit or takes it back (the locks module's assign commands). */
  private async assignment(ctx: RequestContext, definition: typeof assignLockToPermit, lockId: number): Promise<void> {
    await runCommand(this.events, ctx, definition, {
      name: definition.name,
      targetId: this.permitId,
      input: { lockId },
    });
  }

  /** A tag command (the tags module's), on this permit's tag. */
  private async tag(ctx: RequestContext, verb: 'apply' | 'remove', tagId: number): Promise<void> {
    const definition = tagCommandDefinitions[verb];
    await runCommand(this.events, ctx, definition, {
      name: definition.name,
      targetId: tagId,
      input: { tagId, permitId: this.permitId },
    });
  }

  private pool() {
    let byFacility = pools.get(this.db);
    if (!byFacility) pools.set(this.db, (byFacility = new Map<number, LockPool>()));
    let pool = byFacility.get(this.facilityId);
    if (!pool) byFacility.set(this.facilityId, (pool = new LockPool(this.facilityId)));
    return pool;
  }

  /**
   * Fill, notify, shut down, isolate each point, lock and tag it, release stored energy, verify:
   * the (d) steps before `isolate`. Locks go on through the locks module (its function, in a
   * transaction that locks the permit first); each point's planned tag through the tags' commands.
   */
  async isolate(ctx: (offsetMs: number) => RequestContext): Promise<void> {
    const plan = await this.give(ctx(-9 * 60_000), 'fill');
    await this.give(ctx(-8 * 60_000), 'notify');
    await this.give(ctx(-7 * 60_000), 'shut-down');
    for (const point of plan.points) await this.give(ctx(-6 * 60_000), 'isolate-point', { planPointId: point.ID });
    const c = ctx(-5 * 60_000);
    const userId = c.actor.userId;
    for (const point of plan.points) {
      if (point.lockable) {
        const lockId = await this.pool().take(this.db);
        // The board's padlocks are pool locks: the issuer hands the permit each from the cabinet first (decision 0114).
        await this.assignment(c, assignLockToPermit, lockId);
        await this.db.transaction().execute(async (trx) => {
          await sql`select id from permits where id = ${this.permitId} for update`.execute(trx);
          await applyLock(trx, {
            facilityId: this.facilityId,
            lockId,
            permitId: this.permitId,
            planPointId: point.ID,
            userId,
            at: c.now,
          });
        });
      }
      // The point's tag was planned with it: the isolator applies it (the tags module's command).
      const tag = point.tags.find((x) => x.state === 'planned' || x.state === 'printed');
      if (tag) await this.tag(c, 'apply', tag.ID);
    }
    await this.give(ctx(-4 * 60_000), 'release-stored-energy');
    for (const point of plan.points)
      await this.give(ctx(-2 * 60_000), 'verify-point', {
        planPointId: point.ID,
        method: point.verificationMethod || 'Try start',
        outcome: 'pass',
        result: 'No movement, zero energy',
      });
  }

  /** The (e) steps before `close`: inspect, people clear, locks and tags off, restore or release, notify. */
  async release(ctx: (offsetMs: number) => RequestContext): Promise<void> {
    await this.give(ctx(-6 * 60_000), 'inspect-area');
    const plan = await this.give(ctx(-5 * 60_000), 'clear-people');
    const c = ctx(-4 * 60_000);
    for (const point of plan.points) {
      for (const lock of point.locks) {
        await this.db.transaction().execute(async (trx) => {
          await sql`select id from permits where id = ${this.permitId} for update`.execute(trx);
          await removeLock(trx, {
            facilityId: this.facilityId,
            applicationId: lock.applicationId,
            userId: lock.appliedBy.ID,
            at: c.now,
            removal: 'removed',
          });
        });
        // Back to the cabinet: the next demo permit is handed it.
        await this.assignment(c, unassignLockFromPermit, lock.lockId);
        await this.pool().give(lock.lockId);
      }
      for (const tag of point.tags.filter((t) => t.state === 'applied' || t.state === 'verified'))
        await this.tag({ ...c, actor: { ...c.actor, userId: tag.appliedBy?.ID ?? c.actor.userId } }, 'remove', tag.ID);
    }
    for (const point of plan.points) {
      // The last permit holding a point restores it; the others let go (another story may hold it).
      for (let attempt = 0; ; attempt += 1) {
        const verb = attempt % 2 === 0 ? 'restore-point' : 'release-point';
        try {
          await this.give(ctx(-3 * 60_000), verb, { planPointId: point.ID });
          break;
        } catch (error) {
          if (attempt >= 3) throw error;
        }
      }
    }
    await this.give(ctx(-2 * 60_000), 'notify-release');
  }
}
