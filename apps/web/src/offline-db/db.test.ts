import { describe, expect, it } from 'vitest';
import { Dexie } from 'dexie';
import { exposeBrowserDatabaseLibrary, HaspDatabase } from './db';

describe('HaspDatabase', () => {
  it('has one versioned schema: an outbox keyed by idempotency key and permits keyed per connection and facility', () => {
    const db = new HaspDatabase('hasp-test');
    expect(db.verno).toBe(3);
    const schema = Object.fromEntries(db.tables.map((table) => [table.name, table.schema]));
    expect(schema.outbox?.primKey.keyPath).toBe('idempotencyKey');
    expect(schema.outbox?.indexes.map((index) => index.name)).toEqual(
      expect.arrayContaining(['[connectionStringName+facilityId+userId]', 'status', 'permitKey']),
    );
    expect(schema.permits?.primKey.keyPath).toBe('key');
    expect(schema.permits?.indexes.map((index) => index.name)).toContain(
      '[connectionStringName+facilityId+permitType]',
    );
    // Downloads a page a row (decision 0078), found by any permit id of the page.
    expect(schema.pages?.primKey.keyPath).toBe('key');
    expect(schema.pages?.indexes.find((index) => index.name === 'permitIds')?.multi).toBe(true);
    expect(schema.pageTexts?.primKey.keyPath).toBe('key');
  });

  it('exposes the library globally as window.Dexie', () => {
    delete window.Dexie;
    exposeBrowserDatabaseLibrary();
    expect(window.Dexie).toBe(Dexie);
  });
});
