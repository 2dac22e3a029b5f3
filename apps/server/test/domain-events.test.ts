import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EventBus } from '../src/platform/events/event-bus';
import type { DomainEvent } from '../src/platform/events/record-event';
import { runCommand } from '../src/platform/commands/run-command';
import { addToCounter, contextFor, counterValue } from './support/counter-command';
import { createTestApp, type TestApp } from './test-app';

/** The domain-event outbox: written with the change, delivered after commit, applied once per consumer. */
let t: TestApp;
let admin: number;
beforeAll(async () => {
  t = await createTestApp();
  admin = (await db().selectFrom('users').select('id').where('user_name', '=', 'admin').executeTakeFirstOrThrow()).id;
});
afterAll(() => t.close());

const db = () => t.connections[0]!.db;
const connection = () => t.connections[0]!;

/** A bus whose consumer records what it saw, and the committed counter at that moment (read outside its transaction). */
function recordingBus(options: { failFirst?: boolean } = {}) {
  const seen: { event: DomainEvent; committed: number }[] = [];
  let failures = options.failFirst ? 1 : 0;
  const bus = new EventBus(() => {});
  bus.registerConsumer('test-recorder', ['test.counter.added'], async (_trx, event) => {
    if (failures > 0) {
      failures -= 1;
      throw new Error('consumer down');
    }
    seen.push({ event, committed: await counterValue(connection()) });
  });
  return { bus, seen };
}

const add = (bus: EventBus, tag: string, fail = false) =>
  runCommand(bus, contextFor(connection(), admin), addToCounter, {
    name: addToCounter.name,
    targetId: 1,
    input: { delta: 1, tag, fail },
  });
const eventsTagged = (tag: string) =>
  db().selectFrom('domain_events').selectAll().where('entity_id', '=', tag).execute();
const deliveriesOf = (eventId: number) =>
  db().selectFrom('event_deliveries').selectAll().where('event_id', '=', eventId).execute();

describe('domain events', () => {
  it('are delivered after the command commits: the consumer sees the change committed', async () => {
    const { bus, seen } = recordingBus();
    const { result } = await add(bus, 'after-commit');
    await bus.drain();
    expect(seen).toHaveLength(1);
    expect(seen[0]!.event).toMatchObject({ name: 'test.counter.added', entityId: 'after-commit', facilityId: 1 });
    expect(seen[0]!.committed).toBe(result.after);
  });

  it('are not recorded, nor delivered, when the command rolls back', async () => {
    const { bus, seen } = recordingBus();
    await expect(add(bus, 'rolled-back', true)).rejects.toThrow();
    await bus.drain();
    expect(await eventsTagged('rolled-back')).toEqual([]);
    expect(seen).toEqual([]);
  });

  it('are applied once per consumer even when delivered twice, at once or one after the other', async () => {
    const { bus, seen } = recordingBus();
    await add(bus, 'twice');
    await bus.drain();
    const [stored] = await eventsTagged('twice');
    await Promise.all([bus.deliver(connection(), stored!.id), bus.deliver(connection(), stored!.id)]);
    await bus.deliver(connection(), stored!.id);
    expect(await bus.sweep(connection())).toBe(0);
    expect(seen.filter((s) => s.event.entityId === 'twice')).toHaveLength(1);
    expect(await deliveriesOf(stored!.id)).toMatchObject([{ consumer: 'test-recorder' }]);
  });

  it('reach a consumer that failed from the sweep, once', async () => {
    const { bus, seen } = recordingBus({ failFirst: true });
    await add(bus, 'swept');
    await bus.drain();
    const [stored] = await eventsTagged('swept');
    expect(seen).toEqual([]);
    expect(await deliveriesOf(stored!.id)).toEqual([]);
    expect(await bus.sweep(connection())).toBeGreaterThan(0);
    expect(seen.map((s) => s.event.entityId)).toEqual(['swept']);
    await bus.sweep(connection());
    expect(seen).toHaveLength(1);
  });

  it('reach each consumer separately: a new consumer gets events another already applied', async () => {
    const { bus } = recordingBus();
    await add(bus, 'two-consumers');
    await bus.drain();
    const [stored] = await eventsTagged('two-consumers');
    const late: number[] = [];
    const other = new EventBus(() => {});
    other.registerConsumer('test-late', ['test.counter.added'], async (_trx, event) => {
      if (event.entityId === 'two-consumers') late.push(event.id);
    });
    await other.deliver(connection(), stored!.id);
    await other.deliver(connection(), stored!.id);
    expect(late).toEqual([stored!.id]);
    expect((await deliveriesOf(stored!.id)).map((d) => d.consumer).sort()).toEqual(['test-late', 'test-recorder']);
  });
});
