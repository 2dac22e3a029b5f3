import type { Kysely } from 'kysely';
import { assetStatuses, type AssetStatus, type ImportCount, type ImportIssue, type ImportKind } from '@hasp/contracts';
import type { Database } from '../../db/schema';
import { importColumns, normalizeHeader } from './import-columns';
import type { ParsedSheet } from './import-parse';
import { unescapeSpreadsheetCell } from '../spreadsheet';

/** Issues kept for the report; the count says how many there were in all. */
export const MAX_REPORTED_ISSUES = 1000;

export interface AreaPlan {
  number: string;
  name: string;
  description: string;
  parentNumber: string | null;
}
export interface AssetPlan {
  number: string;
  description: string;
  areaNumber: string;
  parentNumber: string | null;
  manufacturer: string;
  location: string;
  lotoRequired: boolean;
  status: AssetStatus;
}
export interface ComponentPlan {
  assetNumber: string;
  number: string;
  name: string;
  description: string;
}
export interface EnergyPlan {
  assetNumber: string;
  componentNumber: string;
  typeId: number;
  magnitude: number | null;
  unit: string;
  stored: boolean;
  description: string;
}
export interface PointPlan {
  assetNumber: string;
  componentNumber: string;
  code: string;
  deviceTypeId: number;
  location: string;
  normalPosition: string;
  isolatedPosition: string;
  lockable: boolean;
  tagOnlyMeasure: string;
  verificationMethod: string;
}
export interface ImportPlan {
  areas: AreaPlan[];
  assets: AssetPlan[];
  components: ComponentPlan[];
  energy: EnergyPlan[];
  points: PointPlan[];
}

export interface ValidationResult {
  issues: ImportIssue[];
  issueCount: number;
  counts: ImportCount[];
  plan: ImportPlan;
}

const maxLength: Record<string, number> = {
  number: 50,
  code: 50,
  area_number: 50,
  parent_area_number: 50,
  asset_number: 50,
  parent_asset_number: 50,
  component_number: 50,
  name: 200,
  manufacturer: 200,
  unit: 20,
  normal_position: 100,
  isolated_position: 100,
};
const booleans = new Map([
  ['yes', true],
  ['y', true],
  ['true', true],
  ['1', true],
  ['no', false],
  ['n', false],
  ['false', false],
  ['0', false],
]);

/** What the facility already holds, loaded once into Maps so every row is checked in memory. */
async function loadExisting(db: Kysely<Database>, facilityId: number) {
  const [areas, assets, components, items, points, sources] = await Promise.all([
    db.selectFrom('areas').select(['number', 'parent_area_id', 'id']).where('facility_id', '=', facilityId).execute(),
    db.selectFrom('assets').select(['number', 'id', 'parent_asset_id']).where('facility_id', '=', facilityId).execute(),
    db
      .selectFrom('components as c')
      .innerJoin('assets as a', 'a.id', 'c.asset_id')
      .select(['a.number as asset_number', 'c.number'])
      .where('c.facility_id', '=', facilityId)
      .execute(),
    db
      .selectFrom('master_list_items')
      .select(['id', 'list_key', 'value', 'is_active'])
      .where('facility_id', '=', facilityId)
      .execute(),
    db
      .selectFrom('isolation_points as p')
      .innerJoin('assets as a', 'a.id', 'p.asset_id')
      .select(['a.number as asset_number', 'p.code'])
      .where('p.facility_id', '=', facilityId)
      .execute(),
    db
      .selectFrom('energy_sources as e')
      .innerJoin('components as c', 'c.id', 'e.component_id')
      .innerJoin('assets as a', 'a.id', 'c.asset_id')
      .select(['a.number as asset_number', 'c.number', 'e.energy_type_item_id', 'e.description'])
      .where('e.facility_id', '=', facilityId)
      .execute(),
  ]);
  const areaNumberById = new Map(areas.map((a) => [a.id, a.number]));
  const assetNumberById = new Map(assets.map((a) => [a.id, a.number]));
  const active = (list: string) =>
    new Map(items.filter((i) => i.list_key === list && i.is_active).map((i) => [i.value.toLowerCase(), i.id]));
  return {
    areaParent: new Map(
      areas.map((a) => [a.number, a.parent_area_id === null ? null : (areaNumberById.get(a.parent_area_id) ?? null)]),
    ),
    assetParent: new Map(
      assets.map((a) => [
        a.number,
        a.parent_asset_id === null ? null : (assetNumberById.get(a.parent_asset_id) ?? null),
      ]),
    ),
    components: new Set(components.map((c) => `${c.asset_number}\u0000${c.number}`)),
    energyTypes: active('energy-types'),
    deviceTypes: active('device-types'),
    points: new Set(points.map((p) => `${p.asset_number}\u0000${p.code}`)),
    sources: new Set(
      sources.map((s) => `${s.asset_number}\u0000${s.number}\u0000${s.energy_type_item_id}\u0000${s.description}`),
    ),
  };
}

/**
 * Checks every row of every sheet against the file itself and the facility's data, without writing
 * anything: columns, required values, lengths, booleans and numbers, duplicates within the file,
 * unknown parents and master-list values, tag-only points without a measure, cycles among parents.
 */
export async function validateImport(
  db: Kysely<Database>,
  facilityId: number,
  sheets: ParsedSheet[],
): Promise<ValidationResult> {
  const existing = await loadExisting(db, facilityId);
  const issues: ImportIssue[] = [];
  let issueCount = 0;
  const issue = (kind: ImportKind, row: number, column: string, value: string, message: string) => {
    issueCount += 1;
    if (issues.length < MAX_REPORTED_ISSUES) issues.push({ kind, row, column, value: value.slice(0, 200), message });
  };
  const plan: ImportPlan = { areas: [], assets: [], components: [], energy: [], points: [] };
  // Rows read per kind, as records by column name (only sheets whose header is right).
  const records = new Map<ImportKind, { row: number; get: (column: string) => string }[]>();

  for (const sheet of sheets) {
    const columns = importColumns[sheet.kind];
    const known = new Set(columns.map((c) => c.name));
    const index = new Map<string, number>();
    let headerOk = true;
    sheet.columns.forEach((header, i) => {
      const name = normalizeHeader(header);
      if (name === '') return;
      if (!known.has(name)) {
        issue(
          sheet.kind,
          1,
          header,
          header,
          `Unknown column; the columns are: ${columns.map((c) => c.name).join(', ')}`,
        );
        headerOk = false;
      } else if (index.has(name)) {
        issue(sheet.kind, 1, header, header, 'This column appears twice');
        headerOk = false;
      } else index.set(name, i);
    });
    for (const column of columns) {
      if (column.required && !index.has(column.name)) {
        issue(sheet.kind, 1, column.name, '', `Missing column ${column.name}`);
        headerOk = false;
      }
    }
    if (!headerOk) continue;
    records.set(
      sheet.kind,
      sheet.rows.map((cells) => ({
        row: cells[0],
        get: (column: string) => {
          const i = index.get(column);
          return i === undefined ? '' : unescapeSpreadsheetCell(String(cells[i + 1] ?? '').trim());
        },
      })),
    );
  }

  /** Reads a row's values, reporting required ones that are empty and ones that are too long. */
  const read = (kind: ImportKind, rec: { row: number; get: (c: string) => string }) => {
    let ok = true;
    const values: Record<string, string> = {};
    for (const column of importColumns[kind]) {
      const value = rec.get(column.name);
      values[column.name] = value;
      if (column.required && value === '') {
        issue(kind, rec.row, column.name, value, `${column.name} is required`);
        ok = false;
      }
      const max = maxLength[column.name] ?? 2000;
      if (value.length > max) {
        issue(kind, rec.row, column.name, value, `At most ${max} characters`);
        ok = false;
      }
    }
    return ok ? values : null;
  };
  const bool = (kind: ImportKind, row: number, column: string, value: string, fallback: boolean) => {
    if (value === '') return fallback;
    const parsed = booleans.get(value.toLowerCase());
    if (parsed === undefined) issue(kind, row, column, value, 'Write yes or no');
    return parsed ?? fallback;
  };
  /** Duplicate keys within the file: the second and later rows are reported with the first one's row. */
  const firstRow = (kind: ImportKind) => {
    const seen = new Map<string, number>();
    return (key: string, row: number, column: string, value: string) => {
      const first = seen.get(key);
      if (first !== undefined) {
        issue(kind, row, column, value, `Duplicate in the file: also on row ${first}`);
        return false;
      }
      seen.set(key, row);
      return true;
    };
  };

  // Areas
  const fileAreas = new Map<string, { row: number; parent: string | null }>();
  const uniqueArea = firstRow('areas');
  for (const rec of records.get('areas') ?? []) {
    const v = read('areas', rec);
    if (!v) continue;
    const number = v.number!;
    if (!uniqueArea(number, rec.row, 'number', number)) continue;
    const parent = v.parent_area_number || null;
    fileAreas.set(number, { row: rec.row, parent });
    plan.areas.push({ number, name: v.name!, description: v.description ?? '', parentNumber: parent });
  }
  const areaKnown = (n: string) => fileAreas.has(n) || existing.areaParent.has(n);
  for (const [, { row, parent }] of fileAreas) {
    if (parent !== null && !areaKnown(parent)) {
      issue('areas', row, 'parent_area_number', parent, `Unknown area ${parent}: not in this file or the facility`);
    }
  }
  reportCycles(fileAreas, existing.areaParent, (number, row) =>
    issue(
      'areas',
      row,
      'parent_area_number',
      fileAreas.get(number)?.parent ?? '',
      'This would make the area its own sub-area',
    ),
  );

  // Assets
  const fileAssets = new Map<string, { row: number; parent: string | null }>();
  const uniqueAsset = firstRow('assets');
  for (const rec of records.get('assets') ?? []) {
    const v = read('assets', rec);
    if (!v) continue;
    const number = v.number!;
    if (!uniqueAsset(number, rec.row, 'number', number)) continue;
    const status = (v.status || 'in_service').toLowerCase().replace(/[\s-]+/g, '_');
    if (!(assetStatuses as readonly string[]).includes(status)) {
      issue('assets', rec.row, 'status', v.status!, `Status must be one of ${assetStatuses.join(', ')}`);
    }
    if (!areaKnown(v.area_number!)) {
      issue(
        'assets',
        rec.row,
        'area_number',
        v.area_number!,
        `Unknown area ${v.area_number}: not in this file or the facility`,
      );
    }
    const parent = v.parent_asset_number || null;
    fileAssets.set(number, { row: rec.row, parent });
    plan.assets.push({
      number,
      description: v.description!,
      areaNumber: v.area_number!,
      parentNumber: parent,
      manufacturer: v.manufacturer ?? '',
      location: v.location ?? '',
      lotoRequired: bool('assets', rec.row, 'loto_required', v.loto_required ?? '', true),
      status: status as AssetStatus,
    });
  }
  const assetKnown = (n: string) => fileAssets.has(n) || existing.assetParent.has(n);
  for (const [, { row, parent }] of fileAssets) {
    if (parent !== null && !assetKnown(parent)) {
      issue('assets', row, 'parent_asset_number', parent, `Unknown asset ${parent}: not in this file or the facility`);
    }
  }
  reportCycles(fileAssets, existing.assetParent, (number, row) =>
    issue(
      'assets',
      row,
      'parent_asset_number',
      fileAssets.get(number)?.parent ?? '',
      'This would make the asset its own sub-asset',
    ),
  );

  // Components
  const fileComponents = new Set<string>();
  const uniqueComponent = firstRow('components');
  for (const rec of records.get('components') ?? []) {
    const v = read('components', rec);
    if (!v) continue;
    const key = `${v.asset_number}\u0000${v.number}`;
    if (!uniqueComponent(key, rec.row, 'number', v.number!)) continue;
    if (!assetKnown(v.asset_number!)) {
      issue(
        'components',
        rec.row,
        'asset_number',
        v.asset_number!,
        `Unknown asset ${v.asset_number}: not in this file or the facility`,
      );
    }
    fileComponents.add(key);
    plan.components.push({
      assetNumber: v.asset_number!,
      number: v.number!,
      name: v.name!,
      description: v.description ?? '',
    });
  }
  const componentKnown = (kind: ImportKind, row: number, asset: string, component: string) => {
    const key = `${asset}\u0000${component}`;
    if (fileComponents.has(key) || existing.components.has(key)) return true;
    issue(
      kind,
      row,
      'component_number',
      component,
      `Unknown component ${component} of asset ${asset}: not in this file or the facility`,
    );
    return false;
  };

  // Energy sources
  const uniqueSource = firstRow('energy-sources');
  let sourcesUpdated = 0;
  for (const rec of records.get('energy-sources') ?? []) {
    const v = read('energy-sources', rec);
    if (!v) continue;
    componentKnown('energy-sources', rec.row, v.asset_number!, v.component_number!);
    const typeId = existing.energyTypes.get(v.energy_type!.toLowerCase());
    if (typeId === undefined) {
      issue(
        'energy-sources',
        rec.row,
        'energy_type',
        v.energy_type!,
        `Unknown energy type; use one of ${[...existing.energyTypes.keys()].join(', ')}`,
      );
      continue;
    }
    let magnitude: number | null = null;
    if (v.magnitude) {
      magnitude = Number(v.magnitude.replace(',', '.'));
      if (!Number.isFinite(magnitude) || Math.abs(magnitude) > 1e12) {
        issue('energy-sources', rec.row, 'magnitude', v.magnitude, 'Magnitude must be a number, e.g. 480');
        magnitude = null;
      }
    }
    const key = `${v.asset_number}\u0000${v.component_number}\u0000${typeId}\u0000${v.description ?? ''}`;
    if (!uniqueSource(key, rec.row, 'description', v.description ?? '')) continue;
    if (existing.sources.has(key)) sourcesUpdated += 1;
    plan.energy.push({
      assetNumber: v.asset_number!,
      componentNumber: v.component_number!,
      typeId,
      magnitude,
      unit: v.unit ?? '',
      stored: bool('energy-sources', rec.row, 'stored_energy', v.stored_energy ?? '', false),
      description: v.description ?? '',
    });
  }

  // Isolation points
  const uniquePoint = firstRow('isolation-points');
  let pointsUpdated = 0;
  for (const rec of records.get('isolation-points') ?? []) {
    const v = read('isolation-points', rec);
    if (!v) continue;
    componentKnown('isolation-points', rec.row, v.asset_number!, v.component_number!);
    const deviceTypeId = existing.deviceTypes.get(v.device_type!.toLowerCase());
    if (deviceTypeId === undefined) {
      issue(
        'isolation-points',
        rec.row,
        'device_type',
        v.device_type!,
        `Unknown device type; use one of ${[...existing.deviceTypes.keys()].join(', ')}`,
      );
    }
    const lockable = bool('isolation-points', rec.row, 'lockable', v.lockable ?? '', true);
    if (!lockable && !v.tag_only_measure) {
      issue(
        'isolation-points',
        rec.row,
        'tag_only_measure',
        '',
        'A tag-only point needs the extra protective measure (OSHA 1910.147 (c)(3))',
      );
    }
    const key = `${v.asset_number}\u0000${v.code}`;
    if (!uniquePoint(key, rec.row, 'code', v.code!)) continue;
    if (existing.points.has(key)) pointsUpdated += 1;
    plan.points.push({
      assetNumber: v.asset_number!,
      componentNumber: v.component_number!,
      code: v.code!,
      deviceTypeId: deviceTypeId ?? 0,
      location: v.location ?? '',
      normalPosition: v.normal_position ?? '',
      isolatedPosition: v.isolated_position ?? '',
      lockable,
      tagOnlyMeasure: v.tag_only_measure ?? '',
      verificationMethod: v.verification_method ?? '',
    });
  }

  const count = (kind: ImportKind, rows: number, updated: number) => ({ kind, rows, created: rows - updated, updated });
  const counts: ImportCount[] = sheets.map((s) => {
    switch (s.kind) {
      case 'areas':
        return count('areas', plan.areas.length, plan.areas.filter((a) => existing.areaParent.has(a.number)).length);
      case 'assets':
        return count(
          'assets',
          plan.assets.length,
          plan.assets.filter((a) => existing.assetParent.has(a.number)).length,
        );
      case 'components':
        return count(
          'components',
          plan.components.length,
          plan.components.filter((c) => existing.components.has(`${c.assetNumber}\u0000${c.number}`)).length,
        );
      case 'energy-sources':
        return count('energy-sources', plan.energy.length, sourcesUpdated);
      case 'isolation-points':
        return count('isolation-points', plan.points.length, pointsUpdated);
    }
  });
  return { issues, issueCount, counts, plan };
}

/** Reports each node of the file whose parent chain (file first, then the database) comes back to itself. */
function reportCycles(
  file: Map<string, { row: number; parent: string | null }>,
  stored: Map<string, string | null>,
  report: (number: string, row: number) => void,
): void {
  const parentOf = (n: string) => (file.has(n) ? file.get(n)!.parent : (stored.get(n) ?? null));
  const safe = new Set<string>();
  for (const [number, { row }] of file) {
    const seen = new Set<string>([number]);
    let cursor = parentOf(number);
    let cycle = false;
    while (cursor !== null && !safe.has(cursor)) {
      if (seen.has(cursor)) {
        cycle = cursor === number || seen.has(cursor);
        break;
      }
      seen.add(cursor);
      cursor = parentOf(cursor);
    }
    if (cycle) report(number, row);
    else for (const n of seen) safe.add(n);
  }
}
