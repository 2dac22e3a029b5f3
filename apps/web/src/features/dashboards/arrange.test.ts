import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import {
  builtInDashboardLayout,
  DASHBOARD_COLUMNS,
  dashboardLayoutSchema,
  dashboardWidgetKinds,
  type DashboardLayout,
  type DashboardWidgetKind,
} from '@hasp/contracts';
import { verticalCompactor } from 'react-grid-layout/core';
import { arrange, whereIs, type ArrangeStep } from './arrange';
import { addWidget, fromGrid, removeWidget, stacked, toGrid } from './layout';

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
/** What the desktop grid makes of a layout: react-grid-layout's own vertical compaction. */
const onDesktop = (layout: DashboardLayout) => fromGrid(verticalCompactor.compact(toGrid(layout), DASHBOARD_COLUMNS));

/**
 * One phone step (Move up = `earlier`, Move down = `later`): the column the phone shows afterwards
 * is the one before with the widget and its neighbour swapped — nothing else changes places — and
 * the desktop grid shows the same layout (already compact, so its order holds there too).
 */
function phoneStep(layout: DashboardLayout, kind: DashboardWidgetKind, step: 'earlier' | 'later') {
  const before = stacked(layout);
  const from = before.indexOf(kind);
  const to = from + (step === 'later' ? 1 : -1);
  const next = arrange(layout, kind, step);
  if (to < 0 || to >= before.length) {
    expect(next, `${kind} ${step} at the end`).toBe(layout);
    return next;
  }
  const expected = [...before];
  [expected[from], expected[to]] = [expected[to]!, expected[from]!];
  expect(stacked(next), `${kind} ${step} from ${from + 1} in ${JSON.stringify(layout.items)}`).toEqual(expected);
  valid(next);
  expect(onDesktop(next)).toEqual({ items: [...next.items].sort((a, b) => a.y - b.y || a.x - b.x) });
  return next;
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
    // Each widget walks to the bottom and back to the top one place a step, the others keeping their order.
    for (const kind of stacked(built)) {
      let layout = built;
      for (let steps = 0; steps < built.items.length; steps++) layout = phoneStep(layout, kind, 'later');
      expect(stacked(layout).at(-1)).toBe(kind);
      for (let steps = 0; steps < built.items.length; steps++) layout = phoneStep(layout, kind, 'earlier');
      expect(stacked(layout)[0]).toBe(kind);
    }
  });

  it('Move down on a phone never passes more than one place in a grid of mixed heights', () => {
    // The built-in layout has widgets 4, 3 and 2 rows high. Gas tests (2 high, last) walked to the
    // top, then down again: its third Move down used to jump from place 3 to place 6, and the
    // widgets it passed on the way up had changed places among themselves.
    let layout = built;
    for (let steps = 0; steps < 5; steps++) layout = phoneStep(layout, 'gas-out-of-limits', 'earlier');
    expect(stacked(layout)[0]).toBe('gas-out-of-limits');
    for (let steps = 0; steps < 5; steps++) layout = phoneStep(layout, 'gas-out-of-limits', 'later');
    expect(stacked(layout)).toEqual(stacked(built));
    // Moving the second widget down swaps it with the third only (Locks in use and Gas tests, below, stay).
    expect(stacked(phoneStep(built, 'expiring-soon', 'later'))).toEqual([
      'my-work',
      'permits-by-status',
      'expiring-soon',
      'isolations-by-area',
      'locks',
      'gas-out-of-limits',
    ]);
  });

  it('a phone step follows the order the phone shows, even before the grid has compacted the layout', () => {
    // Removed and added on a phone (no grid there to float the widgets up): Shared isolation points
    // is stored last, below a hole the grid would float it into; the phone shows it last.
    const phoneMade = addWidget(removeWidget(built, 'isolations-by-area'), 'shared-points');
    expect(stacked(phoneMade).at(-1)).toBe('shared-points');
    expect(stacked(onDesktop(phoneMade)).at(-1)).not.toBe('shared-points');
    const up = phoneStep(phoneMade, 'shared-points', 'earlier');
    expect(whereIs(up, 'shared-points')).toMatchObject({ position: 5, count: 6 });
    phoneStep(phoneMade, 'locks', 'later');
  });

  it('every phone step in many mixed-size layouts moves exactly one place', () => {
    // A fixed pseudo-random series of compact layouts with widths 3–12 and heights 2–8.
    let seed = 20_261_128;
    const next = (n: number) => {
      seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
      return seed % n;
    };
    for (let round = 0; round < 60; round++) {
      const items: DashboardLayout['items'] = [];
      for (const widget of dashboardWidgetKinds.slice(0, 3 + next(7))) {
        const w = 3 + next(10);
        const h = 2 + next(7);
        const x = next(DASHBOARD_COLUMNS - w + 1);
        const bottom = Math.max(0, ...items.filter((o) => o.x < x + w && x < o.x + o.w).map((o) => o.y + o.h));
        items.push({ widget, x, y: bottom, w, h });
      }
      const layout = onDesktop({ items });
      for (const kind of stacked(layout)) {
        phoneStep(layout, kind, 'later');
        phoneStep(layout, kind, 'earlier');
      }
    }
    // Hundreds of arrangements checked: about a second alone, five on a loaded two-core machine.
  }, 30_000);

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
