import type { Component, EnergySource, IsolationPoint } from '@hasp/contracts';

/** What the drawer edits; a null record is a new one. */
export type Editing =
  | { kind: 'component'; component: Component | null }
  | { kind: 'energy-source'; componentId: number; source: EnergySource | null }
  | { kind: 'isolation-point'; componentId: number; point: IsolationPoint | null };

/**
 * The edited record as the asset was last loaded (same id): after a 409 and a reload, the form
 * keeps what was typed and the next save carries the record's new version.
 */
export function latestRecord(editing: Editing, components: Component[]): Editing {
  if (editing.kind === 'component') {
    const id = editing.component?.ID;
    return id === undefined
      ? editing
      : { ...editing, component: components.find((c) => c.ID === id) ?? editing.component };
  }
  const component = components.find((c) => c.ID === editing.componentId);
  if (editing.kind === 'energy-source') {
    const id = editing.source?.ID;
    const source = id === undefined ? null : (component?.energySources.find((s) => s.ID === id) ?? editing.source);
    return { ...editing, source };
  }
  const id = editing.point?.ID;
  const point = id === undefined ? null : (component?.isolationPoints.find((p) => p.ID === id) ?? editing.point);
  return { ...editing, point };
}
