import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import { describe, expect, it } from 'vitest';
import type { AuditVerification } from '@hasp/contracts';
import { permitCore, permitDraft } from './support/permit-draft';
import { expectServing, skewedClockEnv, withEmbeddedClient, withServerFolder } from './support/server-process';
import { signInOverHttp, type SyncDevice } from './support/sync-device';

/**
 * R29, the server's side of clock skew: the whole server (and its embedded database) runs under
 * libfaketime, first two hours ahead, then — restarted on the same folder, its clock put right past
 * the mark — two hours behind, so its sync times go backwards by four hours between two pushes. The
 * devices send device times from −24 h to +24 h. Pass: every command applied once; the order is the
 * server sequence (never a time: the last edit wins though its sync time is the earliest); device
 * time kept apart from sync time; a token the server issued "in the future" is refused by the
 * server itself (it alone decides exp/iat, with seconds of tolerance, not the device); the audit
 * chain verifies. sync-push.test.ts covers the device's side in process.
 */
const HOUR = 3_600_000;
const deviceSkews = [-24, -2, 0, 2, 24];

describe('R29: the server clock skewed ±2 h (libfaketime), device clocks −24 h…+24 h', () => {
  it(
    'orders by the server sequence, keeps device time apart, decides tokens on the server',
    () =>
      withServerFolder(
        'hasp-clock-',
        async (folder) => {
          const base = new URL(`http://127.0.0.1:${folder.port}`);
          const look = <T>(query: (client: pg.Client) => Promise<T>) => withEmbeddedClient(folder, query);
          const run = randomUUID();

          // The server two hours ahead: its own clock says so (the HTTP Date header).
          let server = await folder.start(skewedClockEnv('+2h'));
          await expectServing(folder.port, server);
          expect(await serverSkewHours(base)).toBe(2);
          const lotoId = await look(async (c) => {
            const { rows } = await c.query<{ id: number }>(
              `select id from permit_types where facility_id = 1 and code = 'LOTO'`,
            );
            return rows[0]!.id;
          });
          const first = await signInOverHttp(base, 'worker');
          const local = `local:${randomUUID()}` as const;
          const now = Date.now();
          const create = first.queue(
            'permit.create',
            local,
            permitDraft(lotoId, { title: `Skew ${run} 0` }),
            null,
            new Date(now - 24 * HOUR),
          );
          deviceSkews.forEach((h, n) =>
            first.queue('permit.edit', local, permitCore({ title: `Skew ${run} a${n}` }), 0, new Date(now + h * HOUR)),
          );
          await first.drain();
          expectAllApplied(first);
          const permitId = first.answers.get(create.idempotencyKey)!.created!.permitId;

          // Restarted on the same folder two hours behind: four hours back from the last push.
          server.child.kill('SIGTERM');
          await server.exited;
          server = await folder.start(skewedClockEnv('-2h'));
          await expectServing(folder.port, server);
          expect(await serverSkewHours(base)).toBe(-2);
          // The token issued at +2 h: the server refuses it (issued in its future), whatever the device thinks.
          const stale = await fetch(new URL('/api/permits/' + String(permitId), base), {
            headers: { authorization: `Bearer ${first.token}` },
          });
          expect(stale.status).toBe(401);
          const second = await signInOverHttp(base, 'worker');
          const permit = (await (
            await fetch(new URL(`/api/permits/${permitId}`, base), {
              headers: { authorization: `Bearer ${second.token}` },
            })
          ).json()) as { version: number };
          deviceSkews.forEach((h, n) =>
            second.queue(
              'permit.edit',
              permitId,
              permitCore({ title: `Skew ${run} b${n}` }),
              permit.version,
              new Date(now + h * HOUR),
            ),
          );
          await second.drain();
          expectAllApplied(second);

          const rows = await look(
            async (c) =>
              (
                await c.query<{ device_id: string; device_seq: number; device_time: Date; synced_at: Date }>(
                  `select device_id, device_seq, device_time, synced_at from sync_commands
              where device_id = any($1) order by server_seq`,
                  [[first.deviceId, second.deviceId]],
                )
              ).rows,
          );
          // The server sequence: the first device's six, then the second's five, each in device order.
          expect(rows.map((r) => `${r.device_id === first.deviceId ? 'a' : 'b'}${r.device_seq}`)).toEqual([
            ...[1, 2, 3, 4, 5, 6].map((n) => `a${n}`),
            ...[1, 2, 3, 4, 5].map((n) => `b${n}`),
          ]);
          // Device times stored as sent; sync times on the server's clock (+2 h, then −2 h: backwards).
          const sent = [...[-24, ...deviceSkews], ...deviceSkews].map((h) => now + h * HOUR);
          rows.forEach((r, i) => expect(r.device_time.getTime()).toBe(sent[i]));
          const skewOf = (at: Date) => Math.round((at.getTime() - Date.now()) / HOUR);
          expect(rows.slice(0, 6).map((r) => skewOf(r.synced_at))).toEqual(Array(6).fill(2));
          expect(rows.slice(6).map((r) => skewOf(r.synced_at))).toEqual(Array(5).fill(-2));
          console.log(
            `R29 server clock: +2 h then −2 h, device −24 h…+24 h: ${rows.length} commands applied in server order, sync time went back ${Math.round((rows[5]!.synced_at.getTime() - rows[6]!.synced_at.getTime()) / 60_000)} min between two pushes`,
          );

          // No timestamp last-writer-wins: the last in server order wins though its times are earlier.
          const final = await look(
            async (c) =>
              (await c.query<{ title: string }>('select title from permits where id = $1', [permitId])).rows[0],
          );
          expect(final?.title).toBe(`Skew ${run} b${deviceSkews.length - 1}`);

          // The audit trail: one row per command, chain order = server order, the chain intact.
          const audit = await look(
            async (c) =>
              (
                await c.query<{ chain_seq: string; action: string }>(
                  `select chain_seq, action from audit_log where entity_type = 'permit' and entity_id = $1 order by id`,
                  [String(permitId)],
                )
              ).rows,
          );
          expect(audit.map((a) => a.action)).toEqual(['permit.create', ...Array(10).fill('permit.edit')]);
          const outOfOrder = audit.filter((a, i) => i > 0 && Number(a.chain_seq) <= Number(audit[i - 1]!.chain_seq));
          expect(outOfOrder).toHaveLength(0);
          const admin = await signInOverHttp(base, 'admin');
          const verified = (await (
            await fetch(new URL('/api/admin/audit/verify', base), {
              headers: { authorization: `Bearer ${admin.token}` },
            })
          ).json()) as AuditVerification;
          expect(verified).toMatchObject({ ok: true, firstBroken: null });
        },
        { seeded: true },
      ),
    240_000,
  );
});

/** How far the server's clock is from this process's, in whole hours (its HTTP Date header). */
async function serverSkewHours(base: URL): Promise<number> {
  const response = await fetch(new URL('/api/health', base));
  return Math.round((Date.parse(response.headers.get('date') ?? '') - Date.now()) / HOUR);
}

function expectAllApplied(device: SyncDevice) {
  expect(device.outbox).toHaveLength(0);
  expect([...device.answers.values()].map((a) => a.outcome)).toEqual(Array(device.answers.size).fill('applied'));
}
