import * as z from 'zod/mini';
import { idSchema } from './ids';

/**
 * The events a facility words its notifications for (Notification Template Manage). Each is a
 * domain event a consumer turns into notices: the permit lifecycle's, a gas test with a reading out
 * of limits, a lock or tag removed under OSHA 1910.147 (e)(3), an offline change in conflict, a
 * lock still applied after its permit's planned end (raised by the `permit-lock-overdue` job).
 */
export const notificationEvents = [
  'permit.request',
  'permit.approve',
  'permit.reject',
  'permit.issue',
  'permit.suspend',
  'permit.hand-over',
  'permit.expiring',
  'permit.expire',
  'permit.close',
  'gas-test.out-of-limits',
  'abandoned-removal.record',
  'sync.conflict',
  'lock.overdue',
] as const;
export type NotificationEvent = (typeof notificationEvents)[number];

/**
 * Events nobody may switch off for themselves (the server refuses the opt-out): expiry, an (e)(3)
 * removal, a gas reading out of limits, an offline conflict and an overdue lock concern someone's safety now.
 */
export const safetyCriticalEvents: readonly NotificationEvent[] = [
  'permit.expiring',
  'permit.expire',
  'gas-test.out-of-limits',
  'abandoned-removal.record',
  'sync.conflict',
  'lock.overdue',
];

/**
 * Who a notice goes to, by their relationship to the permit: its requester, its holder (for a
 * hand-over also the outgoing one), its issuer, everyone who may approve its type, and the person
 * the event is about (the one whose lock was removed, or is overdue), and its crew (the people
 * signed on to its group lockbox now), and its area's supervisors (those of the permit's area, else
 * of the nearest area above it that has some; decision 0080). Groups of the facility add anyone else.
 */
export const notificationRelationships = [
  'requester',
  'holder',
  'previousHolder',
  'issuer',
  'approvers',
  'subject',
  'crew',
  'areaSupervisors',
] as const;
export type NotificationRelationship = (typeof notificationRelationships)[number];

export const notificationChannels = ['inApp', 'email'] as const;
export type NotificationChannel = (typeof notificationChannels)[number];

/** The `{{name}}` variables every template may use; times are in the facility's time zone. */
export const notificationVariables = [
  'number',
  'title',
  'type',
  'asset',
  'area',
  'requester',
  'holder',
  'issuer',
  'actor',
  'plannedStart',
  'plannedEnd',
  'at',
  'timeZone',
  'facility',
  'link',
  'details',
] as const;
export type NotificationVariable = (typeof notificationVariables)[number];

const text = (field: string, max: number) =>
  z.string().check(z.minLength(1, `${field} is required`), z.maxLength(max, `${field}: at most ${max} characters`));

/** One language's wording: the subject (the inbox title, the e-mail subject) and the body. */
export const notificationTextSchema = z.object({
  language: z.string().check(z.regex(/^[a-z]{2,3}(-[A-Za-z0-9]{2,8})?$/, 'language: a language code such as en')),
  subject: text('Subject', 200),
  body: text('Body', 4000),
});
export type NotificationText = z.infer<typeof notificationTextSchema>;

/** GET /api/notification-templates: one template per event (stored, or the default with version 0). */
export const notificationTemplateSchema = z.object({
  event: z.enum(notificationEvents),
  safetyCritical: z.boolean(),
  channels: z.array(z.enum(notificationChannels)),
  recipients: z.array(z.enum(notificationRelationships)),
  /** The relationships this event knows (the others never apply to it). */
  relationships: z.array(z.enum(notificationRelationships)),
  groupIds: z.array(z.int()),
  /** English first; a language without its own text reads the English one. */
  texts: z.array(notificationTextSchema),
  version: z.int(),
});
export type NotificationTemplate = z.infer<typeof notificationTemplateSchema>;

export const notificationTemplateListSchema = z.object({
  templates: z.array(notificationTemplateSchema),
  groups: z.array(z.object({ ID: z.int(), name: z.string() })),
  languages: z.array(z.object({ code: z.string(), name: z.string() })),
  emailEnabled: z.boolean(),
});
export type NotificationTemplateList = z.infer<typeof notificationTemplateListSchema>;

export const notificationTemplateParamsSchema = z.object({ event: z.enum(notificationEvents) });

export const notificationTemplateInputSchema = z.object({
  channels: z.array(z.enum(notificationChannels)).check(z.maxLength(notificationChannels.length)),
  recipients: z.array(z.enum(notificationRelationships)).check(z.maxLength(notificationRelationships.length)),
  groupIds: z.array(idSchema).check(z.maxLength(50)),
  texts: z.array(notificationTextSchema).check(z.minLength(1, 'texts: the English text is required'), z.maxLength(20)),
});
export type NotificationTemplateInput = z.infer<typeof notificationTemplateInputSchema>;

/** POST /api/notification-templates/:event/preview: a draft text rendered with a real permit of the facility. */
export const notificationPreviewInputSchema = z.object({
  permitId: idSchema,
  subject: text('Subject', 200),
  body: text('Body', 4000),
});
export type NotificationPreviewInput = z.infer<typeof notificationPreviewInputSchema>;

export const notificationPreviewSchema = z.object({
  subject: z.string(),
  text: z.string(),
  html: z.string(),
  /** Who "area supervisors" means for this permit: the people and the area they supervise (null: nobody). */
  areaSupervisors: z.nullable(z.object({ area: z.string(), people: z.array(z.string()) })),
});
export type NotificationPreview = z.infer<typeof notificationPreviewSchema>;

export const notificationEmailStates = ['queued', 'sent', 'failed'] as const;

/** GET /api/notification-templates/emails: the facility's latest e-mails and how each went. */
export const notificationEmailListSchema = z.object({
  emails: z.array(
    z.object({
      ID: z.int(),
      event: z.string(),
      to: z.string(),
      subject: z.string(),
      state: z.enum(notificationEmailStates),
      error: z.nullable(z.string()),
      createdAt: z.string(),
      sentAt: z.nullable(z.string()),
    }),
  ),
});
export type NotificationEmailList = z.infer<typeof notificationEmailListSchema>;

/** GET/PUT /api/me/notification-opt-outs: the events the user switched off (never a safety-critical one). */
export const notificationOptOutsSchema = z.object({ events: z.array(z.enum(notificationEvents)) });
export type NotificationOptOuts = z.infer<typeof notificationOptOutsSchema>;
