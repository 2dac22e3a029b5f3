import { describe, expect, it } from 'vitest';
import type { MyWorkItem } from '@hasp/contracts';
import { landsOnMyWork } from './landing';

const item: MyWorkItem = {
  permitId: 7,
  permitNumber: 'LOTO-7',
  permitTitle: 'Pump',
  permitStatus: 'issued',
  kind: 'held',
  step: 'accept',
  tab: 'permit',
  lock: null,
};

describe('landsOnMyWork', () => {
  it('lands a worker with a permit, crew or lock on My work today', () => {
    expect(landsOnMyWork({ items: [item], worklists: [] })).toBe(true);
  });

  it('lands a supervisor on their worklists even when nothing waits on them', () => {
    expect(landsOnMyWork({ items: [], worklists: [{ view: 'awaiting-approval', count: 0 }] })).toBe(true);
  });

  it('keeps the seed rule for someone with neither work nor worklists, or before the answer', () => {
    expect(landsOnMyWork({ items: [], worklists: [] })).toBe(false);
    expect(landsOnMyWork(undefined)).toBe(false);
  });
});
