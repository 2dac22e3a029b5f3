import { describe, expect, it } from 'vitest';
import { permitIndexQuerySchema } from '@hasp/contracts';
import * as z from 'zod/mini';
import { cardApiQuery, inForceStatuses, myWorkCards, showAllHref } from './my-work';

const now = Date.parse('2026-11-24T22:30:00Z');

describe('my work cards', () => {
  it('asks the index for views it accepts, five rows each', () => {
    for (const card of myWorkCards(now)) {
      const parsed = z.safeParse(permitIndexQuerySchema, cardApiQuery(card));
      expect(parsed.success, card.id).toBe(true);
      expect(parsed.data?.pageSize).toBe(5);
    }
  });

  it('expiring: permits in force ending today through the day 24 hours on, soonest first', () => {
    const expiring = myWorkCards(now).find((card) => card.id === 'expiring')!;
    expect(expiring.query).toMatchObject({
      endFrom: '2026-11-24',
      endTo: '2026-11-25',
      sort: 'plannedEnd',
      dir: 'asc',
    });
    expect(inForceStatuses).toEqual(expect.arrayContaining(['isolated', 'issued', 'active', 'suspended']));
    expect(inForceStatuses).not.toContain('requested');
    expect(inForceStatuses).not.toContain('closed');
  });

  it('"Show all" opens the same view on the index, without the page', () => {
    const held = myWorkCards(now).find((card) => card.id === 'held')!;
    expect(showAllHref(held)).toBe('/index?view=held&sort=plannedEnd&dir=asc');
  });
});
