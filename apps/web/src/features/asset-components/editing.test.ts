import { describe, expect, it } from 'vitest';
import type { Component, EnergySource } from '@hasp/contracts';
import { latestRecord } from './editing';

const source = (version: number): EnergySource => ({
  ID: 5,
  componentId: 2,
  energyType: { ID: 1, value: 'electrical', caption: 'electrical', isActive: true },
  magnitude: 480,
  unit: 'V',
  storedEnergy: false,
  description: '',
  isActive: true,
  version,
});
const component = (version: number, sourceVersion: number): Component => ({
  ID: 2,
  assetId: 1,
  number: 'C-1',
  name: 'Main drive',
  description: '',
  isActive: true,
  version,
  energySources: [source(sourceVersion)],
  isolationPoints: [],
});

describe('the record a form saves after a reload', () => {
  it('takes the reloaded version of the record being edited', () => {
    const reloaded = [component(8, 6)];
    const energy = latestRecord({ kind: 'energy-source', componentId: 2, source: source(1) }, reloaded);
    expect(energy.kind === 'energy-source' && energy.source?.version).toBe(6);
    const comp = latestRecord({ kind: 'component', component: component(1, 1) }, reloaded);
    expect(comp.kind === 'component' && comp.component?.version).toBe(8);
  });

  it('keeps a new record new, and the record as read when it is gone from the reload', () => {
    expect(latestRecord({ kind: 'isolation-point', componentId: 2, point: null }, [])).toEqual({
      kind: 'isolation-point',
      componentId: 2,
      point: null,
    });
    const gone = latestRecord({ kind: 'energy-source', componentId: 2, source: source(1) }, []);
    expect(gone.kind === 'energy-source' && gone.source?.version).toBe(1);
  });
});
