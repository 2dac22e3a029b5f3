/**
 * Tag PDF bench (goal: 1,000 tags to one PDF ≤ 2 s). Not a test: prints the figure, fails
 * only when it cannot run.
 *   npx tsx bench/print-tags.ts
 * The real app (buildApp, API only) over a fresh embedded PostgreSQL with the demo data plus 1,000
 * planned tags on 250 LOTO permits (four plan points each), then POST /api/print-list/pdf with all
 * 1,000 IDs as the demo supervisor: the time from sending the request to the last byte of the PDF
 * (query, layouts, QR codes and pages, streamed), five runs after one warm-up; then checks the PDF
 * has 1,000 pages (pdfinfo).
 */
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { sql } from 'kysely';
import { DEMO_PASSWORD } from '../apps/server/src/db/seed/demo';
import { startDemoServer } from './support/demo-server';

const TAGS = Number(process.env.HASP_BENCH_PRINT_TAGS || 1_000);
const RUNS = 5;
const log = (message: string) => process.stderr.write(`bench print tags: ${message}\n`);

type Db = Parameters<NonNullable<Parameters<typeof startDemoServer>[0]['prepare']>>[0];

/** Permits, plan points (the demo points, repeated) and planned tags in three set-based statements. */
async function insertTags(db: Db) {
  const permits = Math.ceil(TAGS / 4);
  await sql`
    insert into permits (facility_id, permit_type_id, number, status, title, area_id, planned_start, planned_end,
                         requester_id, holder_id)
    select 1, (select id from permit_types where facility_id = 1 and code = 'LOTO'), 'PB-' || lpad(g::text, 6, '0'),
           'draft', 'Print bench ' || g, null, timestamptz '2026-12-01', timestamptz '2026-12-01 08:00',
           (select id from users where user_name = 'worker'), null
    from generate_series(1, ${permits}::int) g`.execute(db);
  await sql`
    insert into permit_isolation_points (facility_id, permit_id, isolation_point_id, position)
    select 1, p.id, ip.id, 0
    from permits p cross join lateral (
      select id from isolation_points where facility_id = 1 order by id limit 4) ip
    where p.number like 'PB-%'`.execute(db);
  await sql`
    insert into tags (facility_id, number, permit_id, plan_point_id, legend_item_id, reason, status_token)
    select 1, 'PB-T-' || lpad(pp.id::text, 6, '0'), pp.permit_id, pp.id,
           (select id from master_list_items where facility_id = 1 and list_key = 'tag-legends' order by sort_order, id limit 1),
           'Replace the conveyor drive belt and idler bearings', replace(gen_random_uuid()::text, '-', '')
    from permit_isolation_points pp join permits p on p.id = pp.permit_id
    where p.number like 'PB-%'
    order by pp.id limit ${TAGS}`.execute(db);
}

async function main() {
  const server = await startDemoServer({ log, webApp: false, prepare: insertTags });
  try {
    const login = await fetch(`${server.base}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        connectionStringName: 'Demo',
        facilityId: 1,
        username: 'supervisor',
        password: DEMO_PASSWORD,
      }),
    });
    const { token } = (await login.json()) as { token: string };
    const ids = (
      await sql<{ id: number }>`select id from tags where number like 'PB-T-%' order by id`.execute(server.db)
    ).rows.map((r) => r.id);
    const print = async () => {
      const start = performance.now();
      const response = await fetch(`${server.base}/api/print-list/pdf`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ kind: 'tag', ids }),
      });
      if (response.status !== 200) throw new Error(`pdf: ${response.status} ${await response.text()}`);
      const pdf = Buffer.from(await response.arrayBuffer());
      return { ms: performance.now() - start, pdf };
    };
    const warm = await print();
    const file = path.join(os.tmpdir(), `hasp-bench-tags-${process.pid}.pdf`);
    writeFileSync(file, warm.pdf);
    const pages = /Pages:\s+(\d+)/.exec(execFileSync('pdfinfo', [file], { encoding: 'utf8' }))?.[1];
    const times: number[] = [];
    for (let i = 0; i < RUNS; i++) times.push((await print()).ms);
    times.sort((a, b) => a - b);
    const load = os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' ');
    console.log(
      `P9 tag PDF: ${ids.length} tags, ${pages} pages, ${(warm.pdf.length / 1024).toFixed(0)} KB; ` +
        `median ${times[Math.floor(RUNS / 2)]!.toFixed(0)} ms, best ${times[0]!.toFixed(0)} ms, ` +
        `worst ${times[RUNS - 1]!.toFixed(0)} ms (goal ≤ 2000 ms; load average ${load})`,
    );
  } finally {
    await server.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
