import { createHash } from 'node:crypto';
import type { Db } from '../../db/schema';
import type { PermitRecord } from './permit.repository';

/**
 * What a signature on a permit signs (decision 0046): the permit's core fields plus the
 * content other modules register (hazard analysis lines, request-stage answers). A signature keeps
 * the SHA-256 of this content as it was when signed; when the content's hash today differs, the
 * signature shows as no longer valid. Registered from each section's module, like the guards, so
 * the permits module never reads another module's tables.
 * @example registerPermitContent({ name: 'hazard-analysis', load: (db, p) => hazardLinesForHash(db, p.ID) })
 */
export interface PermitContentPlugin {
  /** Its key in the signed document (a second registration under the same name replaces the first). */
  name: string;
  /** The section's signed content: plain JSON (no Dates), in a stable order (sort rows by id). */
  load: (db: Db, permit: PermitRecord) => Promise<unknown>;
}

const plugins = new Map<string, PermitContentPlugin>();

export function registerPermitContent(plugin: PermitContentPlugin): void {
  plugins.set(plugin.name, plugin);
}

/** The core fields a signer approves: what the work is, where, when, on what, by whom. */
function coreContent(permit: PermitRecord) {
  return {
    number: permit.number,
    type: permit.permitType.code,
    title: permit.title,
    description: permit.description,
    workMethod: permit.workMethod,
    area: permit.area?.ID ?? null,
    assets: permit.assets.map((a) => a.ID).sort((a, b) => a - b),
    plannedStart: permit.plannedStart,
    plannedEnd: permit.plannedEnd,
    holder: permit.holder?.ID ?? null,
    riskLevel: permit.riskLevel,
  };
}

/** JSON with object keys sorted at every depth, so the same content always hashes the same. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

/** The signed content of a permit now: core fields and every registered section, by name. */
export async function permitContent(db: Db, permit: PermitRecord): Promise<Record<string, unknown>> {
  const content: Record<string, unknown> = { core: coreContent(permit) };
  for (const plugin of [...plugins.values()].sort((a, b) => (a.name < b.name ? -1 : 1))) {
    content[plugin.name] = await plugin.load(db, permit);
  }
  return content;
}

/** SHA-256 (hex) of the permit's signed content now. */
export async function permitContentHash(db: Db, permit: PermitRecord): Promise<string> {
  return createHash('sha256')
    .update(canonicalJson(await permitContent(db, permit)))
    .digest('hex');
}
