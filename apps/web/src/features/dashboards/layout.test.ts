import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { builtInDashboardLayout, dashboardLayoutSchema, dashboardWidgetKinds } from '@hasp/contracts';
import { addWidget, fromGrid, missingWidgets, removeWidget, sameLayout, stacked, toGrid } from './layout';

describe('dashboard layout', () => {
  it('round-trips through the grid library and stays within what the server accepts', () => {
    expect(fromGrid(toGrid(builtInDashboardLayout))).toEqual({
      items: [...builtInDashboardLayout.items].sort((a, b) => a.y - b.y || a.x - b.x),
    });
    const wild = fromGrid([
      { i: 'locks', x: 11, y: -2, w: 30, h: 0.4 },
      { i: 'weather', x: 0, y: 0, w: 4, h: 3 },
    ]);
    expect(wild).toEqual({ items: [{ widget: 'locks', x: 0, y: 0, w: 12, h: 2 }] });
    expect(z.safeParse(dashboardLayoutSchema, wild).success).toBe(true);
  });

  it('adds a missing widget below the others once, removes it, and stacks in reading order', () => {
    const added = addWidget(builtInDashboardLayout, 'shared-points');
    const bottom = Math.max(...builtInDashboardLayout.items.map((i) => i.y + i.h));
    expect(added.items.at(-1)).toEqual({ widget: 'shared-points', x: 0, y: bottom, w: 4, h: 3 });
    expect(addWidget(added, 'shared-points')).toBe(added);
    expect(missingWidgets(added)).not.toContain('shared-points');
    expect(sameLayout(removeWidget(added, 'shared-points'), builtInDashboardLayout)).toBe(true);
    expect(stacked(builtInDashboardLayout)[0]).toBe('my-work');
    expect(missingWidgets({ items: [] })).toEqual([...dashboardWidgetKinds]);
  });
});
