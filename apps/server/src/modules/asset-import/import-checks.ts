import { assetStatuses, type AssetStatus, type ImportKind } from '@hasp/contracts';
import type { Existing } from './import-existing';
import type { ImportPlan } from './import-plan';
import type { ImportRecord, ImportReport } from './import-rows';

/**
 * Each kind's rows checked against the file itself and the facility's data (parents and the
 * components they name, in this file or already there; master-list values; cycles among parents),
 * in the order a file is read: each check gives the next what it may name.
 */
export interface CheckInput {
  report: ImportReport;
  records: Map<ImportKind, ImportRecord[]>;
  existing: Existing;
  plan: ImportPlan;
}
type Known = (number: string) => boolean;
type ComponentKnown = (kind: ImportKind, row: number, asset: string, component: string) => boolean;

/** Areas; answers whether an area number is known (in the file or the facility). */
export function checkAreas({ report, records, existing, plan }: CheckInput): Known {
  const fileAreas = new Map<string, { row: number; parent: string | null }>();
  const uniqueArea = report.firstRow('areas');
  for (const rec of records.get('areas') ?? []) {
    const v = report.read('areas', rec);
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
      report.issue(
        'areas',
        row,
        'parent_area_number',
        parent,
        `Unknown area ${parent}: not in this file or the facility`,
      );
    }
  }
  reportCycles(fileAreas, existing.areaParent, (number, row) =>
    report.issue(
      'areas',
      row,
      'parent_area_number',
      fileAreas.get(number)?.parent ?? '',
      'This would make the area its own sub-area',
    ),
  );
  return areaKnown;
}

/** Assets (in a known area); answers whether an asset number is known. */
export function checkAssets({ report, records, existing, plan }: CheckInput, areaKnown: Known): Known {
  const fileAssets = new Map<string, { row: number; parent: string | null }>();
  const uniqueAsset = report.firstRow('assets');
  for (const rec of records.get('assets') ?? []) {
    const v = report.read('assets', rec);
    if (!v) continue;
    const number = v.number!;
    if (!uniqueAsset(number, rec.row, 'number', number)) continue;
    const status = (v.status || 'in_service').toLowerCase().replace(/[\s-]+/g, '_');
    if (!(assetStatuses as readonly string[]).includes(status)) {
      report.issue('assets', rec.row, 'status', v.status!, `Status must be one of ${assetStatuses.join(', ')}`);
    }
    if (!areaKnown(v.area_number!)) {
      report.issue(
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
      lotoRequired: report.bool('assets', rec.row, 'loto_required', v.loto_required ?? '', true),
      status: status as AssetStatus,
    });
  }
  const assetKnown = (n: string) => fileAssets.has(n) || existing.assetParent.has(n);
  for (const [, { row, parent }] of fileAssets) {
    if (parent !== null && !assetKnown(parent)) {
      report.issue(
        'assets',
        row,
        'parent_asset_number',
        parent,
        `Unknown asset ${parent}: not in this file or the facility`,
      );
    }
  }
  reportCycles(fileAssets, existing.assetParent, (number, row) =>
    report.issue(
      'assets',
      row,
      'parent_asset_number',
      fileAssets.get(number)?.parent ?? '',
      'This would make the asset its own sub-asset',
    ),
  );
  return assetKnown;
}

/** Components (of a known asset); answers whether one is known, reporting it when not. */
export function checkComponents({ report, records, existing, plan }: CheckInput, assetKnown: Known): ComponentKnown {
  const fileComponents = new Set<string>();
  const uniqueComponent = report.firstRow('components');
  for (const rec of records.get('components') ?? []) {
    const v = report.read('components', rec);
    if (!v) continue;
    const key = `${v.asset_number}\u0000${v.number}`;
    if (!uniqueComponent(key, rec.row, 'number', v.number!)) continue;
    if (!assetKnown(v.asset_number!)) {
      report.issue(
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
    report.issue(
      kind,
      row,
      'component_number',
      component,
      `Unknown component ${component} of asset ${asset}: not in this file or the facility`,
    );
    return false;
  };
  return componentKnown;
}

/** Energy sources (of a known component, of a known energy type); answers how many update existing ones. */
export function checkEnergySources(
  { report, records, existing, plan }: CheckInput,
  componentKnown: ComponentKnown,
): number {
  const uniqueSource = report.firstRow('energy-sources');
  let sourcesUpdated = 0;
  for (const rec of records.get('energy-sources') ?? []) {
    const v = report.read('energy-sources', rec);
    if (!v) continue;
    componentKnown('energy-sources', rec.row, v.asset_number!, v.component_number!);
    const typeId = existing.energyTypes.get(v.energy_type!.toLowerCase());
    if (typeId === undefined) {
      report.issue(
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
        report.issue('energy-sources', rec.row, 'magnitude', v.magnitude, 'Magnitude must be a number, e.g. 480');
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
      stored: report.bool('energy-sources', rec.row, 'stored_energy', v.stored_energy ?? '', false),
      description: v.description ?? '',
    });
  }
  return sourcesUpdated;
}

/** Isolation points (of a known component and device type; a tag-only point with its measure); how many update existing ones. */
export function checkIsolationPoints(
  { report, records, existing, plan }: CheckInput,
  componentKnown: ComponentKnown,
): number {
  const uniquePoint = report.firstRow('isolation-points');
  let pointsUpdated = 0;
  for (const rec of records.get('isolation-points') ?? []) {
    const v = report.read('isolation-points', rec);
    if (!v) continue;
    componentKnown('isolation-points', rec.row, v.asset_number!, v.component_number!);
    const deviceTypeId = existing.deviceTypes.get(v.device_type!.toLowerCase());
    if (deviceTypeId === undefined) {
      report.issue(
        'isolation-points',
        rec.row,
        'device_type',
        v.device_type!,
        `Unknown device type; use one of ${[...existing.deviceTypes.keys()].join(', ')}`,
      );
    }
    const lockable = report.bool('isolation-points', rec.row, 'lockable', v.lockable ?? '', true);
    if (!lockable && !v.tag_only_measure) {
      report.issue(
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
  return pointsUpdated;
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
