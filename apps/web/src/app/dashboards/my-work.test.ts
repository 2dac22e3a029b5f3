import { describe, expect, it } from 'vitest';
import { permitIndexQuerySchema } from '@hasp/contracts';
import * as z from 'zod/mini';
import { cardApiQuery, inForceStatuses, myWorkCards, showAllHref } from './my-work';

describe('my work cards', () => {
  it('asks the index for views it accepts, five rows each', () => {
    for (const card of myWorkCards()) {
      const parsed = z.safeParse(permitIndexQuerySchema, cardApiQuery(card));
      expect(parsed.success, card.id).toBe(true);
      expect(parsed.data?.pageSize).toBe(5);
    }
  });

  it("expiring: the server's next-24-hours view (not whole UTC days), soonest first", () => {
    const expiring = myWorkCards().find((card) => card.id === 'expiring')!;
    expect(expiring.query).toEqual({ view: 'expiring', sort: 'plannedEnd', dir: 'asc' });
    expect(inForceStatuses).toEqual(expect.arrayContaining(['isolated', 'issued', 'active', 'suspended']));
    expect(inForceStatuses).not.toContain('requested');
    expect(inForceStatuses).not.toContain('closed');
  });

  it('"Show all" opens the same view on the index, without the page', () => {
    const held = myWorkCards().find((card) => card.id === 'held')!;
    expect(showAllHref(held)).toBe('/index?view=held&sort=plannedEnd&dir=asc');
  });
});
