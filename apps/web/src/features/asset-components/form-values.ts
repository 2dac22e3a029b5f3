import type {
  Component,
  ComponentInput,
  EnergySource,
  EnergySourceInput,
  IsolationPoint,
  IsolationPointInput,
  MasterListItem,
  MasterListRef,
} from '@hasp/contracts';

/**
 * What the three forms edit, as typed (numbers and ids as strings), and how that becomes the
 * request body. The server checks the same and more; these checks only save a round trip.
 */

/** A problem the form finds itself: which caption, and the field name for "{{field}} is required". */
export type FormProblem = 'required' | 'magnitudeNumber' | 'measureRequired';
export type Problems<F extends string> = Partial<Record<F, FormProblem>>;

export interface ComponentFormValues {
  number: string;
  name: string;
  description: string;
  isActive: boolean;
}
export type ComponentField = 'number' | 'name' | 'description';

export function componentFormValuesOf(component: Component | null): ComponentFormValues {
  return {
    number: component?.number ?? '',
    name: component?.name ?? '',
    description: component?.description ?? '',
    isActive: component?.isActive ?? true,
  };
}

export function componentInputOf(values: ComponentFormValues, version: number | undefined): ComponentInput {
  return {
    number: values.number.trim(),
    name: values.name.trim(),
    description: values.description.trim(),
    isActive: values.isActive,
    ...(version === undefined ? {} : { version }),
  };
}

export function componentProblems(values: ComponentFormValues): Problems<ComponentField> {
  const problems: Problems<ComponentField> = {};
  if (!values.number.trim()) problems.number = 'required';
  if (!values.name.trim()) problems.name = 'required';
  return problems;
}

export interface EnergySourceFormValues {
  energyTypeItemId: string;
  magnitude: string;
  unit: string;
  storedEnergy: boolean;
  description: string;
  isActive: boolean;
}
export type EnergySourceField = 'energyTypeItemId' | 'magnitude' | 'unit' | 'description';

export function energySourceFormValuesOf(source: EnergySource | null): EnergySourceFormValues {
  return {
    energyTypeItemId: source ? String(source.energyType.ID) : '',
    magnitude: source?.magnitude == null ? '' : String(source.magnitude),
    unit: source?.unit ?? '',
    storedEnergy: source?.storedEnergy ?? false,
    description: source?.description ?? '',
    isActive: source?.isActive ?? true,
  };
}

/** "480", "1,5" or "1 000" as typed → a number; "" → null (not measurable); otherwise undefined (not a number). */
export function parseMagnitude(text: string): number | null | undefined {
  const compact = text.trim().replace(/\s+/g, '').replace(',', '.');
  if (compact === '') return null;
  if (!/^[-+]?(\d+\.?\d*|\.\d+)(e[-+]?\d+)?$/i.test(compact)) return undefined;
  const value = Number(compact);
  return Number.isFinite(value) ? value : undefined;
}

export function energySourceProblems(values: EnergySourceFormValues): Problems<EnergySourceField> {
  const problems: Problems<EnergySourceField> = {};
  if (!values.energyTypeItemId) problems.energyTypeItemId = 'required';
  if (parseMagnitude(values.magnitude) === undefined) problems.magnitude = 'magnitudeNumber';
  return problems;
}

/** The request body; call only when energySourceProblems found nothing. */
export function energySourceInputOf(values: EnergySourceFormValues, version: number | undefined): EnergySourceInput {
  return {
    energyTypeItemId: Number(values.energyTypeItemId),
    magnitude: parseMagnitude(values.magnitude) ?? null,
    unit: values.unit.trim(),
    storedEnergy: values.storedEnergy,
    description: values.description.trim(),
    isActive: values.isActive,
    ...(version === undefined ? {} : { version }),
  };
}

export type LockMode = 'lockable' | 'tag-only';

export interface IsolationPointFormValues {
  code: string;
  deviceTypeItemId: string;
  location: string;
  normalPosition: string;
  isolatedPosition: string;
  lockMode: LockMode;
  tagOnlyMeasure: string;
  verificationMethod: string;
  isActive: boolean;
}
export type IsolationPointField =
  | 'code'
  | 'deviceTypeItemId'
  | 'location'
  | 'normalPosition'
  | 'isolatedPosition'
  | 'lockable'
  | 'tagOnlyMeasure'
  | 'verificationMethod';

export function isolationPointFormValuesOf(point: IsolationPoint | null): IsolationPointFormValues {
  return {
    code: point?.code ?? '',
    deviceTypeItemId: point ? String(point.deviceType.ID) : '',
    location: point?.location ?? '',
    normalPosition: point?.normalPosition ?? '',
    isolatedPosition: point?.isolatedPosition ?? '',
    lockMode: point && !point.lockable ? 'tag-only' : 'lockable',
    tagOnlyMeasure: point?.tagOnlyMeasure ?? '',
    verificationMethod: point?.verificationMethod ?? '',
    isActive: point?.isActive ?? true,
  };
}

/**
 * What must be fixed before saving. `checkMeasure` false leaves the tag-only measure to the server,
 * which refuses without it (OSHA 1910.147 (c)(3)): the rule then holds even against an old form.
 */
export function isolationPointProblems(
  values: IsolationPointFormValues,
  checkMeasure = true,
): Problems<IsolationPointField> {
  const problems: Problems<IsolationPointField> = {};
  if (!values.code.trim()) problems.code = 'required';
  if (!values.deviceTypeItemId) problems.deviceTypeItemId = 'required';
  if (checkMeasure && values.lockMode === 'tag-only' && !values.tagOnlyMeasure.trim()) {
    problems.tagOnlyMeasure = 'measureRequired';
  }
  return problems;
}

/** The request body. A lockable point sends no measure: a leftover one would be recorded for nothing. */
export function isolationPointInputOf(
  values: IsolationPointFormValues,
  version: number | undefined,
): IsolationPointInput {
  const lockable = values.lockMode === 'lockable';
  return {
    code: values.code.trim(),
    deviceTypeItemId: Number(values.deviceTypeItemId),
    location: values.location.trim(),
    normalPosition: values.normalPosition.trim(),
    isolatedPosition: values.isolatedPosition.trim(),
    lockable,
    tagOnlyMeasure: lockable ? '' : values.tagOnlyMeasure.trim(),
    verificationMethod: values.verificationMethod.trim(),
    isActive: values.isActive,
    ...(version === undefined ? {} : { version }),
  };
}

export interface PickerOption {
  value: string;
  label: string;
  /** A retired entry the record still has: shown so the record reads right, not offered to others. */
  inactive: boolean;
}

/**
 * The picker's choices: the list's active entries in order, plus the record's own entry when it
 * was deactivated since (otherwise the form would show an empty choice and save another one).
 */
export function pickerOptions(
  items: MasterListItem[],
  current: MasterListRef | null,
  /** The text shown: the item's caption, in the user's language when the screen passes `t`. */
  label: (item: MasterListRef) => string = (item) => item.caption,
): PickerOption[] {
  const options = items
    .filter((item) => item.isActive)
    .toSorted((a, b) => a.sortOrder - b.sortOrder || a.value.localeCompare(b.value))
    .map((item) => ({ value: String(item.ID), label: label(item), inactive: false }));
  if (current && !options.some((o) => o.value === String(current.ID))) {
    options.push({ value: String(current.ID), label: label(current), inactive: true });
  }
  return options;
}

/** "480 V", "120 psi", "" — magnitude and unit as one reads them. */
export function formatMagnitude(source: Pick<EnergySource, 'magnitude' | 'unit'>): string {
  const magnitude = source.magnitude === null ? '' : source.magnitude.toLocaleString('en-US');
  return [magnitude, source.unit].filter(Boolean).join(' ');
}
