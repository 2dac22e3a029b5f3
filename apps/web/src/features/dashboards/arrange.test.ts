import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { builtInDashboardLayout, dashboardLayoutSchema, type DashboardLayout } from '@hasp/contracts';
import { arrange, whereIs, type ArrangeStep } from './arrange';
import { stacked } from './layout';

/** No two widgets share a cell, and the server accepts the layout. */
function valid(layout: DashboardLayout) {
  expect(z.safeParse(dashboardLayoutSchema, layout).success).toBe(true);
  for (const a of layout.items)
    for (const b of layout.items)
      if (a !== b)
        expect(
          a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h,
          `${a.widget} overlaps ${b.widget}`,
        ).toBe(false);
}
const at = (layout: DashboardLayout, widget: string) => layout.items.find((i) => i.widget === widget)!;

// my-work(0,0 4×3)  expiring-soon(4,0 4×3)  permits-by-status(8,0 4×4)
// isolations-by-area(0,3 4×4)  locks(4,3 4×3)  gas-out-of-limits(8,4 4×2)
const built = builtInDashboardLayout;

describe('arranging from the keyboard', () => {
  it('up and down swap a widget with the nearest one above or below in its columns', () => {
    const up = arrange(built, 'locks', 'up');
    expect(at(up, 'locks')).toMatchObject({ x: 4, y: 0 });
    expect(at(up, 'expiring-soon')).toMatchObject({ x: 4, y: 3 });
    valid(up);
    expect(arrange(up, 'locks', 'down')).toEqual(built);
    const down = arrange(built, 'my-work', 'down');
    expect(at(down, 'isolations-by-area')).toMatchObject({ x: 0, y: 0 });
    expect(at(down, 'my-work')).toMatchObject({ x: 0, y: 4 });
    valid(down);
  });

  it('left and right move by one column, pushing what is in the way below', () => {
    const right = arrange(built, 'my-work', 'right');
    expect(at(right, 'my-work')).toMatchObject({ x: 1, y: 0 });
    valid(right);
    // expiring-soon was in the way: it is below my-work now.
    expect(at(right, 'expiring-soon').y).toBeGreaterThanOrEqual(3);
    expect(arrange(right, 'my-work', 'left')).toMatchObject({
      items: expect.arrayContaining([{ widget: 'my-work', x: 0, y: 0, w: 4, h: 3 }]),
    });
    valid(arrange(right, 'my-work', 'left'));
  });

  it('wider, narrower, taller and shorter change one cell within the bounds the server checks', () => {
    const wider = arrange(built, 'permits-by-status', 'wider');
    // At the right edge it grows to the left.
    expect(at(wider, 'permits-by-status')).toMatchObject({ x: 7, w: 5, y: 0 });
    valid(wider);
    expect(at(arrange(built, 'locks', 'narrower'), 'locks')).toMatchObject({ x: 4, w: 3 });
    expect(at(arrange(built, 'locks', 'taller'), 'locks')).toMatchObject({ h: 4 });
    const taller = arrange(built, 'my-work', 'taller');
    expect(at(taller, 'my-work').h).toBe(4);
    expect(at(taller, 'isolations-by-area').y).toBe(4);
    valid(taller);
    expect(at(arrange(built, 'isolations-by-area', 'shorter'), 'isolations-by-area').h).toBe(3);
  });

  it('a step that is not possible returns the same layout (its button is disabled)', () => {
    const impossible: [string, ArrangeStep][] = [
      ['my-work', 'up'],
      ['my-work', 'left'],
      ['my-work', 'earlier'],
      ['permits-by-status', 'right'],
      ['gas-out-of-limits', 'shorter'],
      ['gas-out-of-limits', 'down'],
    ];
    for (const [widget, step] of impossible)
      expect(arrange(built, widget as 'locks', step), `${widget} ${step}`).toBe(built);
    const narrow: DashboardLayout = { items: [{ widget: 'locks', x: 0, y: 0, w: 3, h: 8 }] };
    expect(arrange(narrow, 'locks', 'narrower')).toBe(narrow);
    expect(arrange(narrow, 'locks', 'taller')).toBe(narrow);
    expect(arrange(narrow, 'locks', 'later')).toBe(narrow);
    expect(arrange(built, 'shared-points', 'up')).toBe(built);
  });

  it('earlier and later move one place in the stacked column, and every widget can reach every place', () => {
    expect(stacked(arrange(built, 'expiring-soon', 'earlier')).slice(0, 2)).toEqual(['expiring-soon', 'my-work']);
    expect(stacked(arrange(built, 'my-work', 'later')).slice(0, 2)).toEqual(['expiring-soon', 'my-work']);
    // The last widget walks to the top, at least one place a step, and back down. (Reading order is
    // rows first: widgets of other heights may float, so one step can pass more than one place.)
    let layout = built;
    const last = stacked(built).at(-1)!;
    for (let steps = 0; stacked(layout)[0] !== last; steps++) {
      expect(steps).toBeLessThan(built.items.length);
      const next = arrange(layout, last, 'earlier');
      valid(next);
      expect(stacked(next).indexOf(last)).toBeLessThan(stacked(layout).indexOf(last));
      layout = next;
    }
    for (let steps = 0; stacked(layout).at(-1) !== last; steps++) {
      expect(steps).toBeLessThan(built.items.length);
      const next = arrange(layout, last, 'later');
      valid(next);
      expect(stacked(next).indexOf(last)).toBeGreaterThan(stacked(layout).indexOf(last));
      layout = next;
    }
    expect(stacked(layout).at(-1)).toBe(last);
  });

  it('swapping widgets of different widths never overlaps them', () => {
    const wide = arrange(arrange(built, 'locks', 'up'), 'locks', 'wider');
    expect(at(wide, 'locks')).toMatchObject({ x: 4, y: 0, w: 5 });
    // Moved one place later, whichever way disturbs the fewest others.
    const later = arrange(wide, 'my-work', 'later');
    valid(later);
    expect(stacked(later).indexOf('my-work')).toBe(1);
    for (const widget of stacked(wide))
      for (const step of ['earlier', 'later', 'up', 'down', 'left', 'right', 'wider', 'taller'] as const)
        valid(arrange(wide, widget, step));
  });

  it('says where a widget is: its place in reading order and its cell', () => {
    expect(whereIs(built, 'locks')).toEqual({ position: 5, count: 6, row: 4, column: 5, width: 4, height: 3 });
    expect(whereIs(built, 'shared-points')).toBeUndefined();
  });
});
