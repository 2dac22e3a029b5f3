import type { Transaction } from 'kysely';
import type { LockKind, LockStatus } from '@hasp/contracts';
import type { Database } from '../schema';

type Owner = 'admin' | 'supervisor' | 'worker' | 'contractor';
type DemoLock = {
  serial: string;
  kind: LockKind;
  colour: string | null;
  owner?: Owner;
  status?: LockStatus;
  note?: string;
};

const padlocks = (prefix: string, colour: string, owners: (Owner | null)[]): DemoLock[] =>
  owners.map((owner, i) => ({
    serial: `${prefix}-${String(i + 1).padStart(3, '0')}`,
    kind: 'padlock',
    colour,
    ...(owner ? { owner, status: 'issued' as const } : {}),
  }));

/** The serials of the maintenance shop's isolation lock board (ISO-001…): the demo permits' point locks. */
export const DEMO_ISOLATION_LOCK_PREFIX = 'ISO-';
/** Enough for every point the demo permit stories hold at once (103 when this was written). */
const ISOLATION_BOARD_SIZE = 140;

/**
 * North Plant's lock inventory: personal padlocks by colour (red for authorized workers, blue for
 * supervisors, orange for contractors), spare yellow and green ones, the isolation lock board the
 * demo permits lock their points with (demo-isolation.ts), hasps, three group lockboxes, valve and
 * breaker lockout devices; one padlock lost, one retired.
 */
const demoLocks: DemoLock[] = [
  ...padlocks('RED', 'Red', ['worker', 'worker', 'worker', null, null, null, null, null]),
  ...padlocks('BLU', 'Blue', ['supervisor', 'supervisor', 'admin', null, null, null]),
  ...padlocks('ORG', 'Orange', ['contractor', 'contractor', null, null]),
  ...padlocks('YEL', 'Yellow', [null, null, null, null, null, null]),
  ...padlocks('GRN', 'Green', [null, null, null, null]),
  ...padlocks(DEMO_ISOLATION_LOCK_PREFIX.slice(0, -1), 'Yellow', Array<null>(ISOLATION_BOARD_SIZE).fill(null)).map(
    (lock) => ({ ...lock, note: 'Isolation lock board, maintenance shop' }),
  ),
  {
    serial: 'ORG-005',
    kind: 'padlock',
    colour: 'Orange',
    owner: 'contractor',
    status: 'lost',
    note: 'Last seen at the boiler house.',
  },
  {
    serial: 'GRN-005',
    kind: 'padlock',
    colour: 'Green',
    status: 'retired',
    note: 'Shackle bent; key no longer turns.',
  },
  { serial: 'HSP-01', kind: 'hasp', colour: 'Red' },
  { serial: 'HSP-02', kind: 'hasp', colour: 'Red' },
  { serial: 'HSP-03', kind: 'hasp', colour: 'Yellow' },
  { serial: 'LBX-01', kind: 'lockbox', colour: 'Red', note: 'Group lockbox, maintenance shop' },
  { serial: 'LBX-02', kind: 'lockbox', colour: 'Yellow', note: 'Group lockbox, boiler house' },
  { serial: 'LBX-03', kind: 'lockbox', colour: 'Blue', note: 'Group lockbox, packaging line' },
  { serial: 'VLV-01', kind: 'valve', colour: 'Red', note: 'Gate valve cover, 1–5 inch' },
  { serial: 'VLV-02', kind: 'valve', colour: 'Red', note: 'Ball valve lockout' },
  { serial: 'VLV-03', kind: 'valve', colour: 'Yellow', note: 'Butterfly valve lockout' },
  { serial: 'BRK-01', kind: 'breaker', colour: 'Red', note: 'Miniature circuit breaker lockout' },
  { serial: 'BRK-02', kind: 'breaker', colour: 'Red', note: 'Molded case breaker lockout' },
  { serial: 'BRK-03', kind: 'breaker', colour: 'Black', note: 'Molded case breaker lockout' },
];

/** Seeds North Plant's locks (the lock colours of its master list; owners among the demo users). */
export async function seedDemoLocks(trx: Transaction<Database>, facilityId: number): Promise<void> {
  const colours = await trx
    .selectFrom('master_list_items')
    .select(['id', 'value'])
    .where('facility_id', '=', facilityId)
    .where('list_key', '=', 'lock-colours')
    .execute();
  const users = await trx.selectFrom('users').select(['id', 'user_name']).execute();
  const colourId = (value: string | null) => colours.find((c) => c.value === value)?.id ?? null;
  const userId = (name: Owner | undefined) => users.find((u) => u.user_name === name)?.id ?? null;
  await trx
    .insertInto('locks')
    .values(
      demoLocks.map((lock) => ({
        facility_id: facilityId,
        serial: lock.serial,
        kind: lock.kind,
        colour_item_id: colourId(lock.colour),
        owner_id: userId(lock.owner),
        status: lock.status ?? 'available',
        note: lock.note ?? '',
      })),
    )
    .onConflict((oc) => oc.doNothing())
    .execute();
}
