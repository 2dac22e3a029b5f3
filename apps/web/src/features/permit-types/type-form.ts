import {
  GAS_RETEST_MINUTES_DEFAULT,
  GAS_RETEST_MINUTES_MAX,
  PERMIT_CODE_PATTERN,
  PERMIT_MAX_EXTENSIONS,
  PERMIT_MAX_VALIDITY_HOURS,
  type PermitIcon,
  type PermitSection,
  type PermitType,
  type PermitTypeCreate,
} from '@hasp/contracts';

/** The type form as typed: text fields stay text until sent. */
export interface TypeFormValues {
  code: string;
  name: string;
  icon: PermitIcon;
  color: string;
  prefix: string;
  sections: PermitSection[];
  maxValidityHours: string;
  maxExtensions: string;
  offlineEnabled: boolean;
  tagPerPersonalLock: boolean;
  gasRetestMinutes: string;
  hazardAnalysisRequired: boolean;
  groupId: string;
  isActive: boolean;
}
export type TypeField =
  'code' | 'name' | 'color' | 'prefix' | 'maxValidityHours' | 'maxExtensions' | 'gasRetestMinutes' | 'groupId';
export type TypeProblem =
  | 'required'
  | 'invalidCode'
  | 'invalidColor'
  | 'invalidPrefix'
  | 'invalidValidity'
  | 'invalidExtensions'
  | 'invalidRetest';

const prefixPattern = /^[A-Za-z0-9][A-Za-z0-9_./-]{0,19}$/;

export function typeFormValuesOf(type: PermitType | null, groupId: number | null): TypeFormValues {
  return {
    code: type?.code ?? '',
    name: type?.name ?? '',
    icon: (type?.icon as PermitIcon | undefined) ?? 'file',
    color: type?.color ?? '#1c7ed6',
    prefix: type?.prefix ?? '',
    sections: type?.sections ?? ['hazard-analysis', 'questions'],
    maxValidityHours: String(type?.maxValidityHours ?? 12),
    maxExtensions: String(type?.maxExtensions ?? 2),
    offlineEnabled: type?.offlineEnabled ?? false,
    tagPerPersonalLock: type?.tagPerPersonalLock ?? false,
    gasRetestMinutes: String(type?.gasRetestMinutes ?? GAS_RETEST_MINUTES_DEFAULT),
    hazardAnalysisRequired: type?.hazardAnalysisRequired ?? false,
    groupId: String(type?.groupId ?? groupId ?? ''),
    isActive: type?.isActive ?? true,
  };
}

/** What the form finds wrong before sending (the server checks again and adds uniqueness). */
export function typeProblems(values: TypeFormValues, isNew: boolean): Partial<Record<TypeField, TypeProblem>> {
  const problems: Partial<Record<TypeField, TypeProblem>> = {};
  const code = values.code.trim();
  if (isNew && !code) problems.code = 'required';
  else if (isNew && !PERMIT_CODE_PATTERN.test(code)) problems.code = 'invalidCode';
  if (!values.name.trim()) problems.name = 'required';
  if (!/^#[0-9a-fA-F]{6}$/.test(values.color.trim())) problems.color = 'invalidColor';
  if (!values.prefix.trim()) problems.prefix = 'required';
  else if (!prefixPattern.test(values.prefix.trim())) problems.prefix = 'invalidPrefix';
  const hours = Number(values.maxValidityHours);
  if (!values.maxValidityHours.trim()) problems.maxValidityHours = 'required';
  else if (!Number.isInteger(hours) || hours < 1 || hours > PERMIT_MAX_VALIDITY_HOURS) {
    problems.maxValidityHours = 'invalidValidity';
  }
  const extensions = Number(values.maxExtensions);
  if (!values.maxExtensions.trim()) problems.maxExtensions = 'required';
  else if (!Number.isInteger(extensions) || extensions < 0 || extensions > PERMIT_MAX_EXTENSIONS) {
    problems.maxExtensions = 'invalidExtensions';
  }
  const retest = Number(values.gasRetestMinutes);
  if (!values.gasRetestMinutes.trim()) problems.gasRetestMinutes = 'required';
  else if (!Number.isInteger(retest) || retest < 5 || retest > GAS_RETEST_MINUTES_MAX) {
    problems.gasRetestMinutes = 'invalidRetest';
  }
  if (!values.groupId) problems.groupId = 'required';
  return problems;
}

/** The request body (create; the update drops `code` and adds `isActive`). */
export function typeInputOf(values: TypeFormValues): PermitTypeCreate {
  return {
    code: values.code.trim(),
    name: values.name.trim(),
    icon: values.icon,
    color: values.color.trim(),
    prefix: values.prefix.trim(),
    sections: values.sections,
    maxValidityHours: Number(values.maxValidityHours),
    maxExtensions: Number(values.maxExtensions),
    offlineEnabled: values.offlineEnabled,
    tagPerPersonalLock: values.tagPerPersonalLock,
    gasRetestMinutes: Number(values.gasRetestMinutes),
    // Only meaningful with the section: a type without it is never held to it.
    hazardAnalysisRequired: values.hazardAnalysisRequired && values.sections.includes('hazard-analysis'),
    groupId: Number(values.groupId),
  };
}
