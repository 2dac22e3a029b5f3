import { permitEditSchema, type Permit, type PermitEdit } from '@hasp/contracts';
import {
  conflictsWith,
  placeLabel,
  toEditBody,
  toLocalInput,
  type PermitField,
  type PermitFormValues,
} from './permit-form';

const isPermit = (value: unknown): value is Permit =>
  typeof value === 'object' && value !== null && typeof (value as { title?: unknown }).title === 'string';

/** The server's permit as a conflict record keeps it (the lifecycle's locked state holds it as `record`). */
export function serverPermitOf(state: unknown): Permit | null {
  const record = (state as { record?: unknown } | null)?.record;
  return isPermit(record) ? record : null;
}

/** The permit of the device's stored copy (its data's `permit`), whose names the device's ids are read by. */
export function devicePermitOf(copy: unknown): Permit | null {
  const permit = (copy as { permit?: unknown } | null)?.permit;
  return isPermit(permit) ? permit : null;
}

/** The device's edit as the form's values: each id named by the server's permit, else the device's copy, else `#id`. */
export function deviceEditValues(input: PermitEdit, server: Permit, device: Permit | null): PermitFormValues {
  const areas = [server.area, device?.area].filter((a) => !!a);
  const assets = [...server.assets, ...(device?.assets ?? [])];
  const people = [server.holder, device?.holder].filter((p) => !!p);
  const area = input.areaId === null ? null : areas.find((a) => a.ID === input.areaId);
  const holder = input.holderId === null ? null : people.find((p) => p.ID === input.holderId);
  return {
    title: input.title,
    description: input.description,
    workMethod: input.workMethod,
    area: input.areaId === null ? null : { ID: input.areaId, label: area ? placeLabel(area) : `#${input.areaId}` },
    assets: input.assetIds.map((ID) => {
      const asset = assets.find((a) => a.ID === ID);
      return { ID, label: asset ? placeLabel(asset) : `#${ID}` };
    }),
    plannedStart: toLocalInput(input.plannedStart),
    plannedEnd: toLocalInput(input.plannedEnd),
    holder:
      input.holderId === null ? null : { ID: input.holderId, displayName: holder?.displayName ?? `#${input.holderId}` },
    riskLevel: input.riskLevel,
  };
}

/** The device's edit body, when the conflict record holds one the edit route takes. */
export function deviceEditOf(input: unknown): PermitEdit | null {
  const parsed = permitEditSchema.safeParse(input);
  return parsed.success ? parsed.data : null;
}

/** The fields where the device's edit and the server's permit differ, in form order. */
export const editDifferences = (mine: PermitFormValues, theirs: PermitFormValues): PermitField[] =>
  conflictsWith(mine, theirs);

/**
 * The edit to send when the user chose per field: the server's values with the chosen fields of
 * theirs replaced by the device's. Checked like the route checks it (the planned window of one
 * side's start and the other's end may not hold): the problem's words, or the body.
 */
export function mergedEdit(
  mine: PermitFormValues,
  theirs: PermitFormValues,
  keepMine: ReadonlySet<PermitField>,
): { ok: true; body: PermitEdit } | { ok: false; message: string } {
  const merged = { ...theirs } as Record<PermitField, unknown>;
  for (const field of keepMine) merged[field] = mine[field];
  const parsed = permitEditSchema.safeParse(toEditBody(merged as unknown as PermitFormValues));
  return parsed.success
    ? { ok: true, body: parsed.data }
    : { ok: false, message: parsed.error.issues[0]?.message ?? 'The chosen values are not valid together.' };
}
