import * as z from 'zod/mini';
import { PG_INT_MAX, idParamSchema, idSchema } from './ids';

/**
 * Assets: the facility's tree of areas and assets, each asset's components with their
 * energy sources and isolation points (OSHA 1910.147 (c)(4)), and the master lists they pick from.
 * Every record belongs to the caller's facility; another facility's ID answers 404.
 * Edits carry the `version` the client read: a stale one answers 409 (someone else changed it).
 */

export const assetStatuses = ['in_service', 'out_of_service', 'retired'] as const;
export type AssetStatus = (typeof assetStatuses)[number];

/**
 * Every master list (Master List Manage edits them). The asset screens pick from the first
 * two; permits, tags and locks pick from the others.
 */
export const masterListKeys = [
  'energy-types',
  'device-types',
  'lock-colours',
  'tag-legends',
  'ppe',
  'hazards',
  'controls',
  'departments',
  'crafts',
  'reason-codes',
  'rejection-reasons',
] as const;
export type MasterListKey = (typeof masterListKeys)[number];

export const TREE_PAGE_SIZE_MAX = 500;
export const ASSET_SEARCH_LIMIT = 50;
/** Photos: PNG or JPEG only (checked by content, not by name), at most this many bytes. */
export const ASSET_PHOTO_MAX_BYTES = 5 * 1024 * 1024;
export const assetPhotoTypes = ['image/png', 'image/jpeg'] as const;

const text = (max: number, label: string) =>
  z.string().check(z.trim(), z.maxLength(max, `${label}: at most ${max} characters`));
const requiredText = (max: number, label: string) =>
  z
    .string()
    .check(z.trim(), z.minLength(1, `${label} is required`), z.maxLength(max, `${label}: at most ${max} characters`));
const id = idSchema;
const version = z
  .int()
  .check(z.nonnegative(), z.lte(PG_INT_MAX), z.describe('The version the client read (optimistic concurrency)'));

/** Area and asset numbers, component numbers and isolation point codes: short identifiers, no spaces at the ends. */
export const assetNumberSchema = requiredText(50, 'Number');

// Master lists

/**
 * One active entry of a master list, as pickers offer it (GET /api/assets/master-lists/:listKey).
 * `caption` is its default (English) text; the web shows it through the translations system
 * (`masterItemCaption` in master-lists.ts), so a preferred caption in the user's language wins.
 */
export const masterListItemSchema = z.object({
  ID: z.int(),
  listKey: z.enum(masterListKeys),
  value: z.string(),
  caption: z.string(),
  sortOrder: z.int(),
  isActive: z.boolean(),
});
export type MasterListItem = z.infer<typeof masterListItemSchema>;

/** A master-list value as a record shows it: still shown when the entry was deactivated later. */
export const masterListRefSchema = z.object({
  ID: z.int(),
  value: z.string(),
  caption: z.string(),
  isActive: z.boolean(),
});
export type MasterListRef = z.infer<typeof masterListRefSchema>;

// Tree

export const treeNodeKinds = ['area', 'asset'] as const;
export type TreeNodeKind = (typeof treeNodeKinds)[number];

/** One node of the lazy tree. For an asset, `name` is its description; an area has no status (null). */
export const treeNodeSchema = z.object({
  kind: z.enum(treeNodeKinds),
  ID: z.int(),
  number: z.string(),
  name: z.string(),
  status: z.nullable(z.enum(assetStatuses)),
  hasChildren: z.boolean(),
  /** Direct children (areas and assets below an area; sub-assets below an asset). */
  childCount: z.int(),
});
export type TreeNode = z.infer<typeof treeNodeSchema>;

/** Query of GET /api/assets/tree: no parent → the top areas; children are areas first, then assets, by number. */
export const treeChildrenQuerySchema = z.object({
  parentKind: z.optional(z.enum(treeNodeKinds)),
  parentId: z.optional(idParamSchema),
  limit: z._default(z.coerce.number<string>().check(z.int(), z.positive(), z.lte(TREE_PAGE_SIZE_MAX)), 200),
  /** `nextCursor` of the previous page. */
  cursor: z.optional(z.string().check(z.maxLength(200))),
});
export interface TreeChildrenQuery {
  parentKind?: TreeNodeKind | undefined;
  parentId?: number | undefined;
  limit?: number;
  cursor?: string | undefined;
}

/** One page of a node's children; `nextCursor` null on the last page; `total` = all children of the node. */
export const treeChildrenPageSchema = z.object({
  nodes: z.array(treeNodeSchema),
  nextCursor: z.nullable(z.string()),
  total: z.int(),
});
export type TreeChildrenPage = z.infer<typeof treeChildrenPageSchema>;

/** Query of GET /api/assets/search: matches number (prefix) or name/description (contains), case-insensitive. */
export const assetSearchQuerySchema = z.object({
  q: requiredText(100, 'Search'),
  limit: z._default(
    z.coerce.number<string>().check(z.int(), z.positive(), z.lte(ASSET_SEARCH_LIMIT)),
    ASSET_SEARCH_LIMIT,
  ),
});

/** An ancestor on the way to a search match, from the top area down to the match's parent. */
export const treePathEntrySchema = z.object({
  kind: z.enum(treeNodeKinds),
  ID: z.int(),
  number: z.string(),
  name: z.string(),
});
export type TreePathEntry = z.infer<typeof treePathEntrySchema>;

/** One search match with its ancestors, so the tree can open the path to it. */
export const assetSearchResultSchema = z.object({ node: treeNodeSchema, path: z.array(treePathEntrySchema) });
export type AssetSearchResult = z.infer<typeof assetSearchResultSchema>;
/** `truncated`: more matched than `limit`; the user should type more. */
export const assetSearchResponseSchema = z.object({
  results: z.array(assetSearchResultSchema),
  truncated: z.boolean(),
});
export type AssetSearchResponse = z.infer<typeof assetSearchResponseSchema>;

// Areas

/** Create or edit an area (POST /api/assets/areas, PUT /api/assets/areas/:id). Moving is its own command. */
export const AREA_SUPERVISORS_MAX = 20;

/** A supervisor of an area as the area shows them. */
export const areaSupervisorSchema = z.object({ ID: z.int(), displayName: z.string() });
export type AreaSupervisor = z.infer<typeof areaSupervisorSchema>;

export const areaInputSchema = z.object({
  number: assetNumberSchema,
  name: requiredText(200, 'Name'),
  description: text(2000, 'Description'),
  /** Create only (ignored on edit; use move). Null: a top area. */
  parentAreaId: z.optional(z.nullable(id)),
  /**
   * The area's supervisors (decision 0080): active users of the facility, who hear of notices
   * naming "area supervisors" for permits in this area and in sub-areas without their own.
   * Absent: unchanged on edit, none on create.
   */
  supervisorIds: z.optional(
    z.array(id).check(z.maxLength(AREA_SUPERVISORS_MAX, `supervisorIds: at most ${AREA_SUPERVISORS_MAX} people`)),
  ),
  /** Edit only. */
  version: z.optional(version),
});
export type AreaInput = z.infer<typeof areaInputSchema>;

/** An area as GET /api/assets/areas/:id returns it, with its ancestors. */
export const areaSchema = z.object({
  ID: z.int(),
  number: z.string(),
  name: z.string(),
  description: z.string(),
  parentAreaId: z.nullable(z.int()),
  path: z.array(treePathEntrySchema),
  /** Its own supervisors, by name. */
  supervisors: z.array(areaSupervisorSchema),
  /** None of its own: the nearest area above with supervisors, whose people hear of this area's permits. */
  inheritedSupervisors: z.nullable(
    z.object({ areaId: z.int(), number: z.string(), name: z.string(), people: z.array(areaSupervisorSchema) }),
  ),
  version: z.int(),
  updatedAt: z.string(),
});
export type Area = z.infer<typeof areaSchema>;

/** Move an area under another area (null: make it a top area); refused if that is itself or below it. */
export const areaMoveSchema = z.object({ parentAreaId: z.nullable(id), version });
export type AreaMove = z.infer<typeof areaMoveSchema>;

// Assets

/** Create or edit an asset (POST /api/assets, PUT /api/assets/:id). Area and parent change through move. */
export const assetInputSchema = z.object({
  number: assetNumberSchema,
  description: requiredText(500, 'Description'),
  manufacturer: text(200, 'Manufacturer'),
  location: text(500, 'Location'),
  lotoRequired: z.boolean(),
  status: z.enum(assetStatuses),
  /** Create only: the area it sits in. */
  areaId: z.optional(id),
  /** Create only: a parent asset (same area). */
  parentAssetId: z.optional(z.nullable(id)),
  /** Edit only. */
  version: z.optional(version),
});
export type AssetInput = z.infer<typeof assetInputSchema>;

/** Move an asset: into an area (top level there) or under another asset (then it takes that asset's area). */
export const assetMoveSchema = z.object({
  areaId: z.optional(id),
  parentAssetId: z.optional(z.nullable(id)),
  version,
});
export type AssetMove = z.infer<typeof assetMoveSchema>;

/** A stored photo; the image itself is at GET /api/assets/photos/:ID. */
export const assetPhotoSchema = z.object({
  ID: z.int(),
  contentType: z.enum(assetPhotoTypes),
  byteSize: z.int(),
  fileName: z.string(),
  createdAt: z.string(),
});
export type AssetPhoto = z.infer<typeof assetPhotoSchema>;

/** An asset's header fields. */
export const assetSchema = z.object({
  ID: z.int(),
  number: z.string(),
  description: z.string(),
  manufacturer: z.string(),
  location: z.string(),
  lotoRequired: z.boolean(),
  status: z.enum(assetStatuses),
  areaId: z.int(),
  parentAssetId: z.nullable(z.int()),
  version: z.int(),
  updatedAt: z.string(),
});
export type Asset = z.infer<typeof assetSchema>;

// Components, energy sources, isolation points

/** Create or edit a component (POST /api/assets/:assetId/components, PUT /api/assets/components/:id). */
export const componentInputSchema = z.object({
  number: assetNumberSchema,
  name: requiredText(200, 'Name'),
  description: text(2000, 'Description'),
  /** False retires it (kept for history, hidden from new work). */
  isActive: z._default(z.boolean(), true),
  version: z.optional(version),
});
export type ComponentInput = z.input<typeof componentInputSchema>;

/** Create or edit an energy source (POST /api/assets/components/:componentId/energy-sources, PUT /api/assets/energy-sources/:id). */
export const energySourceInputSchema = z.object({
  energyTypeItemId: id,
  /** E.g. 480 (V) or 120 (psi); null when not measurable. */
  magnitude: z.nullable(z.number().check(z.gte(-1e12), z.lte(1e12))),
  unit: text(20, 'Unit'),
  storedEnergy: z.boolean(),
  description: text(2000, 'Description'),
  isActive: z._default(z.boolean(), true),
  version: z.optional(version),
});
export type EnergySourceInput = z.input<typeof energySourceInputSchema>;

export const energySourceSchema = z.object({
  ID: z.int(),
  componentId: z.int(),
  energyType: masterListRefSchema,
  magnitude: z.nullable(z.number()),
  unit: z.string(),
  storedEnergy: z.boolean(),
  description: z.string(),
  isActive: z.boolean(),
  version: z.int(),
});
export type EnergySource = z.infer<typeof energySourceSchema>;

/**
 * Create or edit an isolation point (POST /api/assets/components/:componentId/isolation-points,
 * PUT /api/assets/isolation-points/:id). A point that cannot take a lock (tag only) needs the extra
 * protective measure recorded (OSHA 1910.147 (c)(3)).
 */
export const isolationPointInputSchema = z
  .object({
    /** E.g. E-1; unique within the asset. */
    code: assetNumberSchema,
    deviceTypeItemId: id,
    location: text(500, 'Location'),
    normalPosition: text(100, 'Normal position'),
    isolatedPosition: text(100, 'Isolated position'),
    lockable: z.boolean(),
    tagOnlyMeasure: text(1000, 'Extra protective measure'),
    verificationMethod: text(1000, 'Verification method'),
    isActive: z._default(z.boolean(), true),
    version: z.optional(version),
  })
  .check(
    z.refine((p) => p.lockable || p.tagOnlyMeasure.trim().length > 0, {
      path: ['tagOnlyMeasure'],
      error: 'A tag-only point needs the extra protective measure (OSHA 1910.147 (c)(3))',
    }),
  );
export type IsolationPointInput = z.input<typeof isolationPointInputSchema>;

export const isolationPointSchema = z.object({
  ID: z.int(),
  componentId: z.int(),
  code: z.string(),
  deviceType: masterListRefSchema,
  location: z.string(),
  normalPosition: z.string(),
  isolatedPosition: z.string(),
  lockable: z.boolean(),
  tagOnlyMeasure: z.string(),
  verificationMethod: z.string(),
  /** Its photo (GET /api/assets/photos/:ID), or null. Set with PUT /api/assets/isolation-points/:id/photo. */
  photo: z.nullable(assetPhotoSchema),
  isActive: z.boolean(),
  version: z.int(),
});
export type IsolationPoint = z.infer<typeof isolationPointSchema>;

/** A component with its energy sources and isolation points (retired ones included, flagged). */
export const componentSchema = z.object({
  ID: z.int(),
  assetId: z.int(),
  number: z.string(),
  name: z.string(),
  description: z.string(),
  isActive: z.boolean(),
  version: z.int(),
  energySources: z.array(energySourceSchema),
  isolationPoints: z.array(isolationPointSchema),
});
export type Component = z.infer<typeof componentSchema>;

/** GET /api/assets/:id: everything the asset page shows. */
export const assetPageSchema = z.object({
  asset: assetSchema,
  area: treePathEntrySchema,
  /** Ancestors from the top area down to the asset's parent. */
  path: z.array(treePathEntrySchema),
  components: z.array(componentSchema),
  photos: z.array(assetPhotoSchema),
});
export type AssetPage = z.infer<typeof assetPageSchema>;

// Import (Import Manage)

/**
 * What an import file holds. A CSV holds one kind (chosen at upload); an XLSX workbook holds any of
 * them, one sheet each, named Areas, Assets, Components, EnergySources, IsolationPoints.
 */
export const importKinds = ['areas', 'assets', 'components', 'energy-sources', 'isolation-points'] as const;
export type ImportKind = (typeof importKinds)[number];
export const importSheetNames: Record<ImportKind, string> = {
  areas: 'Areas',
  assets: 'Assets',
  components: 'Components',
  'energy-sources': 'EnergySources',
  'isolation-points': 'IsolationPoints',
};
/** Upload limit of an import file, in bytes. */
export const IMPORT_MAX_BYTES = 20 * 1024 * 1024;
/** Data rows of an import file, all sheets together (keeps a commit within seconds and memory flat). */
export const IMPORT_MAX_ROWS = 200_000;
export const importFormats = ['csv', 'xlsx'] as const;
export type ImportFormat = (typeof importFormats)[number];
export const importStatuses = ['uploaded', 'invalid', 'valid', 'committed', 'failed'] as const;
export type ImportStatus = (typeof importStatuses)[number];

/** Query of POST /api/asset-imports (the body is the file itself, any content type). */
export const importUploadQuerySchema = z.object({
  fileName: requiredText(255, 'File name'),
  /** Required for a CSV file: which kind of rows it holds. Ignored for XLSX. */
  kind: z.optional(z.enum(importKinds)),
});

/** Query of GET /api/asset-imports/templates/:kind ('workbook' = one XLSX with every sheet). */
export const importTemplateQuerySchema = z.object({ format: z._default(z.enum(importFormats), 'csv') });
export const importTemplateKinds = [...importKinds, 'workbook'] as const;

/** One problem in an import file; `row` is the spreadsheet row number (the header is row 1). */
export const importIssueSchema = z.object({
  kind: z.enum(importKinds),
  row: z.int(),
  column: z.string(),
  value: z.string(),
  message: z.string(),
});
export type ImportIssue = z.infer<typeof importIssueSchema>;

/** Per kind: rows in the file, and (after validation) how many would be created or updated. */
export const importCountSchema = z.object({
  kind: z.enum(importKinds),
  rows: z.int(),
  created: z.int(),
  updated: z.int(),
});
export type ImportCount = z.infer<typeof importCountSchema>;

/** The first rows of each sheet, as parsed (the preview before validation). */
export const importPreviewSheetSchema = z.object({
  kind: z.enum(importKinds),
  columns: z.array(z.string()),
  rows: z.array(z.array(z.string())),
  rowCount: z.int(),
});
export type ImportPreviewSheet = z.infer<typeof importPreviewSheetSchema>;

/** An import file in the history list. */
export const importFileSummarySchema = z.object({
  ID: z.int(),
  fileName: z.string(),
  format: z.enum(importFormats),
  byteSize: z.int(),
  status: z.enum(importStatuses),
  uploadedBy: z.object({ ID: z.int(), displayName: z.string() }),
  uploadedAt: z.string(),
  committedAt: z.nullable(z.string()),
  counts: z.array(importCountSchema),
  /** Why it failed or was invalid, in one line; null otherwise. */
  resultMessage: z.nullable(z.string()),
});
export type ImportFileSummary = z.infer<typeof importFileSummarySchema>;

/** One import file with its preview and its last validation report (issues capped; see `issuesTruncated`). */
export const importFileSchema = z.object({
  ...importFileSummarySchema.shape,
  preview: z.array(importPreviewSheetSchema),
  issues: z.array(importIssueSchema),
  issueCount: z.int(),
  issuesTruncated: z.boolean(),
});
export type ImportFile = z.infer<typeof importFileSchema>;

export const IMPORT_HISTORY_PAGE_SIZE_MAX = 100;
/** Query of GET /api/asset-imports (newest first). */
export const importHistoryQuerySchema = z.object({
  page: z._default(z.coerce.number<string>().check(z.int(), z.positive()), 1),
  pageSize: z._default(z.coerce.number<string>().check(z.int(), z.positive(), z.lte(IMPORT_HISTORY_PAGE_SIZE_MAX)), 20),
});
export const importHistoryPageSchema = z.object({ items: z.array(importFileSummarySchema), total: z.int() });
export type ImportHistoryPage = z.infer<typeof importHistoryPageSchema>;
