import { describe, expect, it } from 'vitest';
import { keyUsed, recordCounts, recordsOfRequest, requestOf, useCommandApp } from './support/command-app';

// Import Manage's upload and commit run as commands: each is audited and announced by the runner
// under the request's id, applies once per Idempotency-Key, and a refused commit leaves nothing.

const { app, db } = useCommandApp();
const recordsOf = (requestId: string) => recordsOfRequest(db(), requestId);

const upload = (csv: string, fileName: string, key: string) =>
  app.t.app.inject({
    method: 'POST',
    url: `/api/asset-imports?fileName=${encodeURIComponent(fileName)}&kind=assets`,
    headers: {
      authorization: `Bearer ${app.token}`,
      'content-type': 'application/octet-stream',
      'idempotency-key': key,
    },
    payload: Buffer.from(csv, 'utf8'),
  });
const commit = (id: number, key: string) =>
  app.t.app.inject({
    method: 'POST',
    url: `/api/asset-imports/${id}/commit`,
    headers: { authorization: `Bearer ${app.token}`, 'idempotency-key': key },
  });
const assetsNumbered = (number: string) =>
  db().selectFrom('assets').select('id').where('number', '=', number).execute();

describe('asset-import.upload and asset-import.commit', () => {
  it('stores a file and imports it once per key: one audit row and one event each', async () => {
    const csv = 'number,description,area_number\nAIC-1,Pump,A-100\n';
    const [audits, events] = await recordCounts(db());
    const first = await upload(csv, 'aic.csv', 'aic-upload-1');
    expect(first.statusCode, first.body).toBe(200);
    const replay = await upload(csv, 'aic.csv', 'aic-upload-1');
    expect(replay.headers['idempotent-replayed']).toBe('true');
    const id = first.json<{ ID: number }>().ID;
    expect(replay.json<{ ID: number }>().ID).toBe(id);
    expect(await recordCounts(db())).toEqual([audits + 1, events + 1]);
    expect(await recordsOf(requestOf(first))).toEqual({
      audits: [
        {
          action: 'asset-import.upload',
          entity_type: 'asset_import_files',
          entity_id: String(id),
          address: '127.0.0.1',
        },
      ],
      events: [{ name: 'asset-import.uploaded', entity_type: 'asset_import_files', entity_id: String(id) }],
    });
    // Another file under the same key is another request.
    expect((await upload(`${csv}AIC-2,Other,A-100\n`, 'aic.csv', 'aic-upload-1')).statusCode).toBe(422);

    const committed = await commit(id, 'aic-commit-1');
    expect(committed.statusCode, committed.body).toBe(200);
    const again = await commit(id, 'aic-commit-1');
    expect(again.statusCode).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(await assetsNumbered('AIC-1')).toHaveLength(1);
    expect(await recordCounts(db())).toEqual([audits + 2, events + 2]);
    expect(await recordsOf(requestOf(committed))).toMatchObject({
      audits: [{ action: 'asset-import.commit', entity_id: String(id) }],
      events: [{ name: 'asset-import.committed', entity_id: String(id) }],
    });
    // A new key finds the file imported: refused, nothing recorded, the key left free.
    const before = await recordCounts(db());
    expect((await commit(id, 'aic-commit-2')).statusCode).toBe(409);
    expect(await recordCounts(db())).toEqual(before);
    expect(await keyUsed(db(), 'aic-commit-2')).toBe(false);
  });

  it('a file with problems writes no asset data, no audit row and no event', async () => {
    const up = await upload('number,description,area_number\nAIC-BAD,Pump,NO-SUCH-AREA\n', 'bad.csv', 'aic-upload-bad');
    const id = up.json<{ ID: number }>().ID;
    const before = await recordCounts(db());
    const refused = await commit(id, 'aic-commit-bad');
    expect(refused.statusCode).toBe(400);
    expect(await recordCounts(db())).toEqual(before);
    expect(await assetsNumbered('AIC-BAD')).toEqual([]);
    const stored = await db().selectFrom('asset_import_files').select('status').where('id', '=', id).executeTakeFirst();
    expect(stored?.status).toBe('invalid');
  });
});
