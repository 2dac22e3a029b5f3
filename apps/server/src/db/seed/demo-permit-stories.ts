import { sql, type Kysely } from 'kysely';
import {
  isSignedPermitCommand,
  type Permit,
  type PermitCommand,
  type PermitCreate,
  type PermitRiskLevel,
  type PermitStatus,
} from '@hasp/contracts';
import type { Connection } from '../connections';
import type { Database } from '../schema';
import { EventBus, runCommand, type RequestContext } from '../../platform';
import {
  composePermitLifecycle,
  createPermit,
  permitCommandDefinitions,
  PERMIT_NOTIFICATIONS_CONSUMER,
  registerPermitNotifications,
  runPermitCommandAsSystem,
} from '../../modules/permits';
import { demoWork, type DemoWork } from './demo-permit-work';
import { DemoIsolation } from './demo-isolation';
import { isolationPlanLifecycle } from '../../modules/isolation-plan';
import { simopsLifecycle } from '../../modules/simops';
import { gasTestCommandDefinitions, gasTestLifecycle } from '../../modules/gas-tests';
import { demoPassingReading } from './demo-gas-tests';
import { permitQuestionsLifecycle } from '../../modules/permit-questions';
import { answerDemoStage, stageOfCommand } from './demo-permit-answers';
import { signaturesLifecycle } from '../../modules/signatures';
import { DEMO_PASSWORD } from './demo-password';

/**
 * Demo permits: a few hundred permits in every state, walked there through the real
 * lifecycle commands, each given by the demo user whose part it is, at the time it would have
 * happened (so the audit trail and the history tab read like a real week). Idempotent as a seed
 * step; runs outside the step's transaction because every command is its own transaction.
 */

type Who = 'admin' | 'supervisor' | 'worker' | 'contractor';
interface Step {
  who: Who | 'system';
  verb: PermitCommand;
  body?: object;
  /** Ideal time, ms since the epoch (clamped to before now and after the previous step). */
  at: number;
}
interface Story {
  facilityId: number;
  work: DemoWork;
  requester: Who;
  holder: Who;
  start: number;
  end: number;
  /** When the requester wrote the draft. */
  created: number;
  steps: Step[];
  target: PermitStatus;
  riskLevel: PermitRiskLevel;
}

const H = 3_600_000;
const M = 60_000;
const D = 24 * H;

/** How many permits of each final state, per facility (North Plant, Riverside). */
const northPlan: [PermitStatus, number][] = [
  ['closed', 60],
  ['cancelled', 14],
  ['draft', 14],
  ['requested', 18],
  ['approved', 10],
  ['isolated', 12],
  ['issued', 14],
  ['active', 34],
  ['suspended', 8],
  ['live_for_test', 5],
  ['work_complete', 8],
  ['de_isolation', 6],
  ['expired', 11],
];
const riversidePlan: [PermitStatus, number][] = [
  ['closed', 10],
  ['requested', 4],
  ['draft', 3],
  ['issued', 2],
  ['active', 6],
];

/** A small deterministic generator, so every fresh database gets the same demo. */
function random(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
}

/** Demo types whose permits carry an isolation plan (demo-permits.ts). */
const planTypes: readonly DemoWork['type'][] = ['LOTO', 'LTI', 'CSE', 'ELEC'];
/** Riverside has no assets: its isolated permits are of types without a plan. */
const fitsIsolation = (work: DemoWork, riverside: boolean) =>
  !planTypes.includes(work.type) || (!riverside && !!work.assets?.length);

/** The walk from draft to each state; who gives each command is chosen per story. */
function walkTo(target: PermitStatus): PermitCommand[] {
  const toActive: PermitCommand[] = ['request', 'approve', 'isolate', 'issue', 'accept'];
  switch (target) {
    case 'draft':
      return [];
    case 'requested':
      return ['request'];
    case 'approved':
      return ['request', 'approve'];
    case 'isolated':
      return ['request', 'approve', 'isolate'];
    case 'issued':
      return ['request', 'approve', 'isolate', 'issue'];
    case 'active':
      return toActive;
    case 'suspended':
      return [...toActive, 'suspend'];
    case 'live_for_test':
      return [...toActive, 'start-test'];
    case 'work_complete':
      return [...toActive, 'complete-work'];
    case 'de_isolation':
      return [...toActive, 'complete-work', 'de-isolate'];
    case 'closed':
      return [...toActive, 'complete-work', 'de-isolate', 'close'];
    case 'cancelled':
      return ['request', 'cancel'];
    case 'expired':
      return [...toActive, 'expire'];
  }
}

/** The planned window by final state: history in the past, work in force now, requests ahead. */
function windowFor(target: PermitStatus, hours: number, now: number, r: () => number, index: number) {
  const span = hours * H;
  switch (target) {
    case 'closed':
    case 'cancelled': {
      const end = now - (2 * H + r() * 45 * D);
      return { start: end - span, end };
    }
    case 'expired': {
      const end = now - (15 * M + r() * 20 * H);
      return { start: end - span, end };
    }
    case 'draft':
    case 'requested':
    case 'approved': {
      const start = now + 2 * H + r() * 5 * D;
      return { start, end: start + span };
    }
    case 'isolated': {
      const start = now - H + r() * 3 * H;
      return { start, end: start + span };
    }
    case 'issued': {
      // Half have begun (the holder may accept now), half await their start (the page counts down).
      const start = index % 2 === 0 ? now - (10 + r() * 50) * M : now + (15 + r() * 165) * M;
      return { start, end: start + span };
    }
    default: {
      // In force now; every fourth active one ends within the hour ("expiring today").
      const end =
        target === 'active' && index % 4 === 0 ? now + (15 + r() * 40) * M : now + (1 + r() * 0.8 * hours) * H;
      const start = Math.min(end - span, now - 30 * M);
      return { start, end: Math.min(end, start + span) };
    }
  }
}

/** Who gives a command in a story (separation of duties: requester ≠ approver, issuer ≠ holder). */
function actorFor(verb: PermitCommand, s: Pick<Story, 'requester' | 'holder'>, riverside: boolean): Who | 'system' {
  const approver: Who = s.requester === 'supervisor' ? 'admin' : 'supervisor';
  const issuer: Who = s.holder === 'supervisor' ? 'admin' : riverside ? 'admin' : 'supervisor';
  switch (verb) {
    case 'request':
    case 'cancel':
      return s.requester;
    case 'approve':
      return approver;
    case 'issue':
      return issuer === 'supervisor' ? 'admin' : issuer;
    case 'accept':
    case 'complete-work':
      return s.holder;
    case 'expire':
      return 'system';
    default:
      return issuer;
  }
}

/** When each command would have happened, relative to the planned window. */
function idealTime(verb: PermitCommand, start: number, end: number, created: number): number {
  switch (verb) {
    case 'request':
      return created + 10 * M;
    case 'approve':
      return Math.min(start - 6 * H, created + 3 * H);
    case 'cancel':
      return created + 2 * H;
    case 'isolate':
      return start - 40 * M;
    case 'issue':
      return start - 20 * M;
    // Never before the start: accept, and so work, waits for the permit's validity.
    case 'accept':
      return start + 5 * M;
    case 'suspend':
    case 'start-test':
      return start + (end - start) * 0.4;
    case 'complete-work':
      return end - 40 * M;
    case 'de-isolate':
      return end - 20 * M;
    case 'close':
      return end - 5 * M;
    case 'expire':
      return end + 2 * M;
    default:
      return start;
  }
}

/** The demo's stories for one facility. */
export function demoPermitStories(facilityId: number, riverside: boolean, now: number): Story[] {
  const r = random(riverside ? 7 : 3);
  const plan = riverside ? riversidePlan : northPlan;
  const stories: Story[] = [];
  let n = 0;
  for (const [target, count] of plan) {
    for (let i = 0; i < count; i += 1, n += 1) {
      let work = demoWork[(n * 7 + i) % demoWork.length]!;
      // Long-term isolations are few and never "expire today".
      if (work.type === 'LTI' && !['closed', 'active', 'isolated'].includes(target)) work = demoWork[n % 9]!;
      // A permit isolated under a plan needs points: plan types go there only with assets that have them.
      if (walkTo(target).includes('isolate') && !fitsIsolation(work, riverside)) {
        const fitting = demoWork.filter((w) => fitsIsolation(w, riverside));
        work = fitting[n % fitting.length]!;
      }
      const byWorker = !riverside && (work.type === 'LOTO' || work.type === 'GEN') && n % 3 !== 2;
      const requester: Who = riverside ? 'admin' : byWorker ? 'worker' : n % 5 === 0 ? 'admin' : 'supervisor';
      // The contractor holds none: their North Plant inbox is the notification e2e spec's, and the
      // expiry jobs would drop notices into it at any minute.
      const holder: Who = riverside ? 'supervisor' : 'worker';
      const { start, end } = windowFor(target, work.hours, now, r, i);
      const created = Math.min(start - 30 * H, now - (2 + r() * 20) * H);
      // High risk adds the safety officer's signature (demo-signatures.ts: the admin), who must be
      // neither the requester nor the area authority: only the worker's requests are high risk.
      const level = (['low', 'medium', 'high'] as const)[n % 3]!;
      const riskLevel: PermitRiskLevel = level === 'high' && requester !== 'worker' ? 'medium' : level;
      const steps: Step[] = walkTo(target).flatMap((verb): Step[] => {
        const step = {
          verb,
          who: actorFor(verb, { requester, holder }, riverside),
          at: idealTime(verb, start, end, created),
        };
        if (verb !== 'approve' || riskLevel !== 'high') return [step];
        return [step, { verb, who: 'admin', at: step.at + 30 * M }];
      });
      stories.push({
        facilityId,
        work,
        requester,
        holder,
        start,
        end,
        created,
        steps,
        target,
        riskLevel,
      });
    }
  }
  return stories;
}

/** The creation's and each step's time: clamped to before now (a minute apart at the end), in order. */
function timeline(created: number, steps: Step[], now: number): number[] {
  const ideal = [created, ...steps.map((s) => s.at)];
  const times = ideal.map((at, i) => Math.min(at, now - (ideal.length - i) * M));
  for (let i = 1; i < times.length; i += 1) times[i] = Math.max(times[i]!, times[i - 1]! + 1000);
  return times;
}

interface SeedPeople {
  users: Record<Who, number>;
  areas: Map<string, number>;
  assets: Map<string, number>;
  types: Map<string, number>;
}

async function walkStory(connection: Connection, story: Story, people: SeedPeople, index: number): Promise<number> {
  const events = new EventBus(() => {});
  const times = timeline(story.created, story.steps, Date.now());
  const ctxFor = (who: Who, at: number): RequestContext => ({
    actor: { userId: people.users[who], facilityId: story.facilityId, sessionId: 'demo-seed', deviceId: null },
    connection,
    requestId: `demo-seed-${index}`,
    address: '',
    now: new Date(at),
    expiresAt: Number.POSITIVE_INFINITY,
  });
  const { work } = story;
  const areaId = people.areas.get(`${story.facilityId}:${work.area}`) ?? null;
  const input: PermitCreate = {
    permitTypeId: people.types.get(`${story.facilityId}:${work.type}`)!,
    title: work.title,
    description: work.description,
    workMethod: work.workMethod,
    areaId,
    assetIds:
      areaId === null ? [] : (work.assets ?? []).flatMap((a) => people.assets.get(`${story.facilityId}:${a}`) ?? []),
    plannedStart: new Date(story.start).toISOString(),
    plannedEnd: new Date(story.end).toISOString(),
    holderId: people.users[story.holder],
    riskLevel: story.riskLevel,
  };
  const created = await runCommand(events, ctxFor(story.requester, times[0]!), createPermit, {
    name: createPermit.name,
    targetId: input.permitTypeId,
    input,
  });
  const permit: Permit = created.result;
  const usesPlan = permit.permitType.sections.includes('isolation-plan');
  const usesGas = permit.permitType.sections.includes('gas-tests');
  const isolation = new DemoIsolation(connection.db, events, permit.ID, story.facilityId);
  for (const [i, step] of story.steps.entries()) {
    const at = times[i + 1]!;
    if (step.who === 'system') {
      const outcome = await runPermitCommandAsSystem(
        events,
        connection,
        story.facilityId,
        permit.ID,
        'expire',
        new Date(at),
      );
      if (!outcome.applied) throw new Error(`demo permit ${permit.number}: expire refused: ${outcome.reason}`);
      continue;
    }
    // The plan's (d) steps before isolation and its (e) steps before closing, by the same person.
    if (usesPlan && step.verb === 'isolate') await isolation.isolate((offset) => ctxFor(step.who as Who, at + offset));
    if (usesPlan && step.verb === 'close') await isolation.release((offset) => ctxFor(step.who as Who, at + offset));
    // Types with gas tests are issued only on a passing, fresh test: the issuer records one just before.
    if (usesGas && step.verb === 'issue') await recordPassingGasTest(events, ctxFor(step.who, at - 500), permit.ID);
    const stage = stageOfCommand(step.verb);
    if (stage) await answerDemoStage(events, ctxFor(step.who, at - M), permit.ID, stage, work.description);
    const definition = permitCommandDefinitions[step.verb];
    const body =
      step.verb === 'cancel'
        ? { reason: cancelReasons[index % cancelReasons.length]! }
        : step.verb === 'suspend'
          ? { reason: suspendReasons[index % suspendReasons.length]! }
          : isSignedPermitCommand(step.verb)
            ? { password: DEMO_PASSWORD } // approve, issue, accept, complete work: signed with the signer's password
            : {};
    await runCommand(events, ctxFor(step.who, at), definition, {
      name: definition.name,
      targetId: permit.ID,
      input: body,
    });
  }
  return permit.ID;
}

/** A passing gas test on the facility's first instrument, through the gas test command. */
async function recordPassingGasTest(events: EventBus, ctx: RequestContext, permitId: number): Promise<void> {
  const db = ctx.connection.db;
  const facilityId = ctx.actor.facilityId;
  const [parameters, instrument] = await Promise.all([
    db
      .selectFrom('gas_parameters')
      .select(['id', 'code'])
      .where('facility_id', '=', facilityId)
      .where('is_active', '=', true)
      .execute(),
    db
      .selectFrom('gas_instruments')
      .select('id')
      .where('facility_id', '=', facilityId)
      .where('is_active', '=', true)
      .orderBy('id')
      .executeTakeFirstOrThrow(),
  ]);
  const definition = gasTestCommandDefinitions.record;
  await runCommand(events, ctx, definition, {
    name: definition.name,
    targetId: permitId,
    input: {
      readings: parameters.map((p) => ({ parameterId: p.id, value: demoPassingReading[p.code] ?? 0 })),
      instrumentId: instrument.id,
      location: 'At the work site, before issue',
    },
  });
}

const cancelReasons = [
  'Work rescheduled to the next shutdown',
  'Duplicate of another permit',
  'Spare parts not delivered',
  'Scope changed; a new permit will be requested',
];
const suspendReasons = [
  'Gas alarm in the area; crew withdrawn',
  'Isolation found incomplete at the walk-down',
  'Crew stood down at shift change',
  'High winds: work at height stopped',
];

async function loadPeople(db: Kysely<Database>, facilityIds: number[]): Promise<SeedPeople> {
  const userRows = await db
    .selectFrom('users')
    .select(['id', 'user_name'])
    .where('user_name', 'in', ['admin', 'supervisor', 'worker', 'contractor'])
    .execute();
  const users = Object.fromEntries(userRows.map((u) => [u.user_name, u.id])) as Record<Who, number>;
  const key = (facilityId: number, x: string) => `${facilityId}:${x}`;
  const areas = new Map(
    (
      await db
        .selectFrom('areas')
        .select(['id', 'facility_id', 'number'])
        .where('facility_id', 'in', facilityIds)
        .execute()
    ).map((a) => [key(a.facility_id, a.number), a.id]),
  );
  const assets = new Map(
    (
      await db
        .selectFrom('assets')
        .select(['id', 'facility_id', 'number'])
        .where('facility_id', 'in', facilityIds)
        .execute()
    ).map((a) => [key(a.facility_id, a.number), a.id]),
  );
  const types = new Map(
    (
      await db
        .selectFrom('permit_types')
        .select(['id', 'facility_id', 'code'])
        .where('facility_id', 'in', facilityIds)
        .execute()
    ).map((t) => [key(t.facility_id, t.code), t.id]),
  );
  return { users, areas, assets, types };
}

/** Final states whose last command is news to someone on first sign-in (the rest are history). */
const newsStates: readonly PermitStatus[] = ['requested', 'approved', 'issued', 'suspended', 'expired'];

/**
 * Walks every demo story, a few at a time (each command is its own transaction). Then the events of
 * what is history by now are marked delivered to the notification consumer, and the rest (the last
 * command of each permit that awaits someone) are delivered through it here, so the inbox holds only
 * what awaits each demo user, and a fresh database's inboxes are the same every time.
 */
export async function seedDemoPermitStories(db: Kysely<Database>, facilityIds: number[]): Promise<void> {
  const [north, riverside] = facilityIds;
  if (north === undefined) return;
  const now = Date.now();
  const stories = [
    ...demoPermitStories(north, false, now),
    ...(riverside === undefined ? [] : demoPermitStories(riverside, true, now)),
  ];
  // A start that died half-way through this step left permits behind: never walk them twice.
  const begun = await db
    .selectFrom('audit_log')
    .select('id')
    .where('request_id', 'like', 'demo-seed-%')
    .executeTakeFirst();
  if (begun) return;
  // The lifecycle's parts the stories meet, as the server runs them: isolation needs a verified plan
  // and closing a released one; request, issue, accept and close need their stage's questions
  // answered (answered in the story); the SIMOPS check (the demo rules are seeded after the stories:
  // demo.ts).
  composePermitLifecycle([
    isolationPlanLifecycle,
    gasTestLifecycle,
    permitQuestionsLifecycle,
    signaturesLifecycle,
    simopsLifecycle,
  ]);
  const people = await loadPeople(db, facilityIds);
  const connection: Connection = { name: 'demo-seed', db, url: '' };
  const before = await sql<{ id: number | null }>`select max(id)::int as id from domain_events`.execute(db);
  const firstEvent = before.rows[0]?.id ?? 0;
  const news: number[] = [];
  let next = 0;
  const worker = async () => {
    while (next < stories.length) {
      const index = next++;
      const story = stories[index]!;
      const id = await walkStory(connection, story, people, index);
      if (newsStates.includes(story.target)) news.push(id);
    }
  };
  await Promise.all(Array.from({ length: 4 }, worker));
  // A running server's event sweep may be delivering these same events right now: take the table
  // first (its deliveries finish, new ones wait a moment) so the two never deadlock on the keys.
  await db.transaction().execute(async (trx) => {
    await sql`lock table event_deliveries in share row exclusive mode`.execute(trx);
    await sql`
    insert into event_deliveries (event_id, consumer)
    select e.id, ${PERMIT_NOTIFICATIONS_CONSUMER} from domain_events e
    where e.id > ${firstEvent} and e.entity_type = 'permit'
      and e.id not in (
        select max(id) from domain_events
        where id > ${firstEvent} and entity_type = 'permit' and entity_id = any(${news.map(String)}::text[])
        group by entity_id)
    on conflict do nothing`.execute(trx);
  });
  const bus = new EventBus((message, error) => {
    throw new Error(`${message}: ${String(error)}`);
  });
  registerPermitNotifications(bus);
  while ((await bus.sweep(connection)) > 0);
}
