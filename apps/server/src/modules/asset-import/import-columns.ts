import type { ImportKind } from '@hasp/contracts';

export interface ImportColumn {
  name: string;
  required: boolean;
  /** What the template's example row and documentation say about it. */
  example: string;
}

const col = (name: string, required: boolean, example: string): ImportColumn => ({ name, required, example });

/**
 * The columns of each kind of import sheet, in template order. Rows are matched by number: areas
 * and assets by their number in the facility, components by asset + component number, isolation
 * points by asset + code, energy sources by asset + component + energy type + description.
 * Parents are named by number and may be in the same file. Booleans: yes/no, true/false, 1/0.
 */
export const importColumns: Record<ImportKind, ImportColumn[]> = {
  areas: [
    col('number', true, 'A-100'),
    col('name', true, 'Press shop'),
    col('description', false, 'Stamping presses'),
    col('parent_area_number', false, ''),
  ],
  assets: [
    col('number', true, 'PR-001'),
    col('description', true, 'Hydraulic press 400 t'),
    col('area_number', true, 'A-100'),
    col('parent_asset_number', false, ''),
    col('manufacturer', false, 'Schuler'),
    col('location', false, 'Bay 3'),
    col('loto_required', false, 'yes'),
    col('status', false, 'in_service'),
  ],
  components: [
    col('asset_number', true, 'PR-001'),
    col('number', true, 'C-1'),
    col('name', true, 'Main drive'),
    col('description', false, ''),
  ],
  'energy-sources': [
    col('asset_number', true, 'PR-001'),
    col('component_number', true, 'C-1'),
    col('energy_type', true, 'electrical'),
    col('magnitude', false, '480'),
    col('unit', false, 'V'),
    col('stored_energy', false, 'no'),
    col('description', false, 'Main feed MCC-3'),
  ],
  'isolation-points': [
    col('asset_number', true, 'PR-001'),
    col('component_number', true, 'C-1'),
    col('code', true, 'E-1'),
    col('device_type', true, 'disconnect switch'),
    col('location', false, 'MCC-3 bucket 4'),
    col('normal_position', false, 'On'),
    col('isolated_position', false, 'Off'),
    col('lockable', false, 'yes'),
    col('tag_only_measure', false, ''),
    col('verification_method', false, 'Test for absence of voltage'),
  ],
};

/** Header cells compare without case, spaces or dashes: "Parent Area Number" is parent_area_number. */
export const normalizeHeader = (header: string) =>
  header
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, '_');
