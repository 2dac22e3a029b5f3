import { announcementInputSchema, type Announcement, type AnnouncementInput } from '@hasp/contracts';
import { fromLocalInput, toLocalInput } from './format-date';

/** The announcement form as the user fills it (dates as `datetime-local` values). */
export interface AnnouncementFormValues {
  title: string;
  bodyHtml: string;
  validFrom: string;
  validTo: string;
  audience: 'everyone' | 'groups';
  groupIDs: number[];
  requiresAcknowledgement: boolean;
}

export type FormField = 'title' | 'bodyHtml' | 'validFrom' | 'validTo' | 'audienceGroupIDs';
/** A problem at a field: a message key of announcementManagerMessages, or the schema's own words. */
export type FormProblems = Partial<Record<FormField, { key: 'groupsRequired' | 'dateRequired' } | { text: string }>>;

/** A new announcement: valid from now, open-ended, for everyone. */
export function emptyFormValues(now = new Date()): AnnouncementFormValues {
  return {
    title: '',
    bodyHtml: '',
    validFrom: toLocalInput(now.toISOString()),
    validTo: '',
    audience: 'everyone',
    groupIDs: [],
    requiresAcknowledgement: false,
  };
}

export function formValuesOf(announcement: Announcement): AnnouncementFormValues {
  return {
    title: announcement.title,
    bodyHtml: announcement.bodyHtml,
    validFrom: toLocalInput(announcement.validFrom),
    validTo: toLocalInput(announcement.validTo),
    audience: announcement.audienceGroupIDs.length ? 'groups' : 'everyone',
    groupIDs: announcement.audienceGroupIDs,
    requiresAcknowledgement: announcement.requiresAcknowledgement,
  };
}

const fields: readonly string[] = ['title', 'bodyHtml', 'validFrom', 'validTo', 'audienceGroupIDs'];

/**
 * The request the form sends, or the problems to fix first: the contract's own schema (the one the
 * server checks), plus what the form alone knows (a date that is not one, groups chosen but none ticked).
 */
export function inputFromForm(
  values: AnnouncementFormValues,
): { ok: true; input: AnnouncementInput } | { ok: false; problems: FormProblems } {
  const problems: FormProblems = {};
  const validFrom = fromLocalInput(values.validFrom);
  const validTo = values.validTo ? fromLocalInput(values.validTo) : null;
  if (!validFrom) problems.validFrom = { key: 'dateRequired' };
  if (values.validTo && !validTo) problems.validTo = { key: 'dateRequired' };
  if (values.audience === 'groups' && values.groupIDs.length === 0)
    problems.audienceGroupIDs = { key: 'groupsRequired' };
  const candidate = {
    title: values.title,
    bodyHtml: values.bodyHtml,
    validFrom: validFrom ?? '',
    validTo,
    requiresAcknowledgement: values.requiresAcknowledgement,
    audienceGroupIDs: values.audience === 'groups' ? values.groupIDs : [],
  };
  const parsed = announcementInputSchema.safeParse(candidate);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = String(issue.path[0] ?? '');
      if (fields.includes(field)) problems[field as FormField] ??= { text: issue.message };
    }
  }
  if (!values.bodyHtml.trim()) problems.bodyHtml ??= { text: 'Text is required' };
  if (Object.keys(problems).length || !parsed.success) return { ok: false, problems };
  return { ok: true, input: parsed.data };
}
