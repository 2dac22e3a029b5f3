import {
  permitFieldCaptions,
  permitRiskCaptions,
  permitsMessages,
  type Caption,
  type Permit,
  type PermitEdit,
  type PermitRiskLevel,
} from '@hasp/contracts';
import { translate, type Translate } from '../../../lib/i18n';
import type { PickedPerson } from '../../../lib/people-lookup';

/** A picked area or asset: its id and the words the form shows for it. */
export interface PickedPlace {
  ID: number;
  label: string;
}
export type { PickedPerson } from '../../../lib/people-lookup';

/** The core fields as the form holds them (dates as `datetime-local` text in the user's time zone). */
export interface PermitFormValues {
  title: string;
  description: string;
  workMethod: string;
  area: PickedPlace | null;
  assets: PickedPlace[];
  plannedStart: string;
  plannedEnd: string;
  holder: PickedPerson | null;
  riskLevel: PermitRiskLevel | null;
}
export type PermitField = keyof PermitFormValues;

/** Each field's label, a caption (contracts' captions/permits.ts), in form order. */
export const permitFieldLabels: Record<PermitField, Caption> = permitFieldCaptions;
const fields = Object.keys(permitFieldLabels) as PermitField[];

const pad = (n: number) => String(n).padStart(2, '0');

/** An instant as `datetime-local` text, in this browser's time zone, to the minute. */
export function toLocalInput(iso: string): string {
  const d = new Date(iso);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** `datetime-local` text back to an instant (empty or unreadable: empty, which the server refuses by name). */
export function fromLocalInput(local: string): string {
  const ms = new Date(local).getTime();
  return Number.isNaN(ms) ? '' : new Date(ms).toISOString();
}

export const placeLabel = (p: { number: string; name?: string; description?: string }) =>
  [p.number, p.name ?? p.description].filter(Boolean).join(' · ');

export function valuesFromPermit(permit: Permit): PermitFormValues {
  return {
    title: permit.title,
    description: permit.description,
    workMethod: permit.workMethod,
    area: permit.area && { ID: permit.area.ID, label: placeLabel(permit.area) },
    assets: permit.assets.map((a) => ({ ID: a.ID, label: placeLabel(a) })),
    plannedStart: toLocalInput(permit.plannedStart),
    plannedEnd: toLocalInput(permit.plannedEnd),
    holder: permit.holder && { ID: permit.holder.ID, displayName: permit.holder.displayName },
    riskLevel: permit.riskLevel,
  };
}

/** The edit command's body (and the create body's core) from the form. */
export function toEditBody(values: PermitFormValues): PermitEdit {
  return {
    title: values.title,
    description: values.description,
    workMethod: values.workMethod,
    areaId: values.area?.ID ?? null,
    assetIds: values.assets.map((a) => a.ID),
    plannedStart: fromLocalInput(values.plannedStart),
    plannedEnd: fromLocalInput(values.plannedEnd),
    holderId: values.holder?.ID ?? null,
    riskLevel: values.riskLevel,
  };
}

/** Whether two values of a field mean the same (pickers compare by id, text ignores outer spaces). */
function same(field: PermitField, a: PermitFormValues, b: PermitFormValues): boolean {
  const x = a[field];
  const y = b[field];
  switch (field) {
    case 'area':
    case 'holder':
      return ((x as { ID: number } | null)?.ID ?? null) === ((y as { ID: number } | null)?.ID ?? null);
    case 'assets':
      return (x as PickedPlace[]).map((p) => p.ID).join() === (y as PickedPlace[]).map((p) => p.ID).join();
    case 'title':
    case 'description':
    case 'workMethod':
      return (x as string).trim() === (y as string).trim();
    default:
      return x === y;
  }
}

/** The fields whose values differ, in form order. */
export function changedFields(base: PermitFormValues, current: PermitFormValues): PermitField[] {
  return fields.filter((field) => !same(field, base, current));
}

export const isDirty = (base: PermitFormValues, current: PermitFormValues): boolean =>
  changedFields(base, current).length > 0;

/**
 * After a 409: the latest server values with the user's own changes laid over them. A field both
 * changed keeps the user's value (they see the server's beside it before saving again).
 */
export function reapplyEdits(
  base: PermitFormValues,
  mine: PermitFormValues,
  latest: PermitFormValues,
): PermitFormValues {
  const merged: PermitFormValues = { ...latest };
  for (const field of changedFields(base, mine)) (merged as unknown as Record<string, unknown>)[field] = mine[field];
  return merged;
}

/** Field by field, what the server now holds where it differs from what the user is saving. */
export function conflictsWith(mine: PermitFormValues, latest: PermitFormValues): PermitField[] {
  return changedFields(latest, mine);
}

/** A value as one line of text (the conflict panel shows the server's value beside the user's). */
export function describeValue(values: PermitFormValues, field: PermitField, t: Translate = translate): string {
  const value = values[field];
  if (value === null || value === '') return '—';
  if (field === 'area') return (value as PickedPlace).label;
  if (field === 'holder') return (value as PickedPerson).displayName;
  if (field === 'assets') return (value as PickedPlace[]).map((a) => a.label).join(', ') || '—';
  const text = value as string;
  if (field === 'plannedStart' || field === 'plannedEnd') return text.replace('T', ' ');
  if (field === 'riskLevel') return t(permitRiskCaptions[text as PermitRiskLevel]);
  return text;
}

export const emptyValues = (now: Date, hours: number): PermitFormValues => {
  const start = new Date(Math.ceil(now.getTime() / 900_000) * 900_000);
  return {
    title: '',
    description: '',
    workMethod: '',
    area: null,
    assets: [],
    plannedStart: toLocalInput(start.toISOString()),
    plannedEnd: toLocalInput(new Date(start.getTime() + hours * 3_600_000).toISOString()),
    holder: null,
    riskLevel: null,
  };
};

/** The latest end the type allows for a start (start + maximum validity), as `datetime-local` text. */
export function latestEnd(plannedStart: string, maxValidityHours: number): string | null {
  const start = new Date(plannedStart).getTime();
  if (Number.isNaN(start)) return null;
  return toLocalInput(new Date(start + maxValidityHours * 3_600_000).toISOString());
}

/** The window check the server makes too, said before sending (null when it holds). */
export function windowProblem(
  values: PermitFormValues,
  maxValidityHours: number | null,
  t: Translate = translate,
): string | null {
  const start = Date.parse(fromLocalInput(values.plannedStart));
  const end = Date.parse(fromLocalInput(values.plannedEnd));
  if (Number.isNaN(start) || Number.isNaN(end)) return t(permitsMessages.windowRequired);
  if (end <= start) return t(permitsMessages.endAfterStart);
  if (maxValidityHours !== null && end - start > maxValidityHours * 3_600_000)
    return t(permitsMessages.endWithinMax, { hours: maxValidityHours });
  return null;
}

/**
 * The permit on the page is newer than the one the user's unsaved edits started from (someone
 * else's command arrived by the live refresh): say so before they save. A save then meets the 409
 * and the conflict panel, which takes over (so this notice gives way to it).
 */
export function changedElsewhere(dirty: boolean, shownVersion: number, editedVersion: number, inConflict: boolean) {
  return dirty && !inConflict && shownVersion > editedVersion;
}
