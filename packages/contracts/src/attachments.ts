import * as z from 'zod/mini';
import { idParamSchema } from './ids';
import { terminalPermitStatuses, type PermitStatus } from './permit-lifecycle';
import { permitPermission } from './permissions';

/**
 * Attachments on permits (module `attachments`, decision 0052): photos and
 * documents on every permit. The server tells a file's type from its bytes, never from its name or
 * declared type; images are re-encoded (metadata stripped, orientation applied) and thumbnailed.
 * Table `permit_attachments` (migration 2026-11-27T1400-attachments). Nothing is deleted: a removal
 * is a command with a reason, and the removed file stays downloadable for audit.
 */
export const attachmentContentTypes = ['image/jpeg', 'image/png', 'image/webp', 'application/pdf'] as const;
export type AttachmentContentType = (typeof attachmentContentTypes)[number];
export const attachmentKinds = ['photo', 'document'] as const;
export type AttachmentKind = (typeof attachmentKinds)[number];

/** The most a facility's setting (`attachments.maxFileMegabytes`) may allow; the route's body limit. */
export const ATTACHMENT_HARD_MAX_BYTES = 50 * 1024 * 1024;
/** The most pixels an image may decode to (a decompression bomb is refused before it is decoded). */
export const ATTACHMENT_MAX_PIXELS = 50_000_000;
/** A thumbnail's longest side, in pixels. */
export const ATTACHMENT_THUMBNAIL_PX = 320;

/** The refusals of an upload, worded once for the server and its tests. */
export const attachmentMessages = {
  empty: 'The file is empty.',
  tooLarge: (megabytes: number) => `The file is larger than ${megabytes} MB, the most this facility accepts.`,
  unsupported: 'Only photos (JPEG, PNG, WebP) and PDF documents can be attached.',
  heic: 'HEIC photos cannot be read here: choose JPEG ("Most Compatible") in the camera settings, or attach a screenshot.',
  unreadableImage: 'The photo could not be read: it is damaged or not really an image.',
  tooManyPixels: 'The photo has too many pixels to be read safely (at most 50 megapixels).',
  polyglot: 'The file carries something else after the image or document (a hidden archive or page); it was refused.',
  pdfActive: 'The PDF contains scripts or embedded files; print it to a new PDF and attach that.',
  closed: 'The permit is closed: its attachments can no longer change.',
  alreadyRemoved: 'This attachment was already removed.',
  removeForbidden: 'Only the person who attached it, or an approver or issuer of this permit type, may remove it.',
} as const;

export const attachmentParamsSchema = z.object({ permitId: idParamSchema });
export const attachmentItemParamsSchema = z.object({ permitId: idParamSchema, attachmentId: idParamSchema });
/** The upload's query: the name the user's file had (kept only as a display name). */
export const attachmentUploadQuerySchema = z.object({
  fileName: z._default(z.string().check(z.maxLength(1000)), ''),
});
export const attachmentRemoveInputSchema = z.object({
  reason: z
    .string()
    .check(z.trim(), z.minLength(1, 'Reason is required'), z.maxLength(2000, 'Reason: at most 2000 characters')),
});
export type AttachmentRemoveInput = z.infer<typeof attachmentRemoveInputSchema>;

const person = z.object({ ID: z.int(), displayName: z.string() });

/** One attachment as the permit's Attachments tab shows it. */
export const attachmentSchema = z.object({
  ID: z.int(),
  permitId: z.int(),
  kind: z.enum(attachmentKinds),
  contentType: z.enum(attachmentContentTypes),
  /** The user's file name made safe: no folders, no control characters, at most 120 characters. */
  displayName: z.string(),
  byteSize: z.int(),
  width: z.nullable(z.int()),
  height: z.nullable(z.int()),
  hasThumbnail: z.boolean(),
  attachedBy: person,
  attachedAt: z.string(),
  removed: z.nullable(z.object({ by: person, at: z.string(), reason: z.string() })),
  /** Whether the caller may remove it now. */
  canRemove: z.boolean(),
  version: z.int(),
});
export type Attachment = z.infer<typeof attachmentSchema>;

export const attachmentListSchema = z.object({
  /** Newest first; removed ones too (their files stay downloadable for audit). */
  attachments: z.array(attachmentSchema),
  /** The facility's size limit, so the page can say it before sending. */
  maxBytes: z.int(),
  /** Whether the caller may attach to this permit now. */
  canAttach: z.boolean(),
});
export type AttachmentList = z.infer<typeof attachmentListSchema>;

/**
 * A display name from whatever name the browser sent: the last path part only ("../../etc/passwd"
 * becomes "passwd"), control and reserved characters replaced, trimmed to 120 characters; never empty.
 * @example safeDisplayName('..\\..\\boot.ini') === 'boot.ini'
 */
export function safeDisplayName(raw: string, fallback = 'attachment'): string {
  const last = raw.split(/[/\\]/).pop() ?? '';
  const cleaned = last
    .normalize('NFC')
    // Control characters, characters Windows refuses in names, and bidirectional overrides ("gpj.exe").
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u001f\u007f-\u009f<>:"|?*\u202a-\u202e\u2066-\u2069]/g, '_')
    .replace(/^[.\s]+/, '')
    .trim()
    .slice(0, 120)
    .trim();
  return cleaned || fallback;
}

// ---- The rules: the server's commands and list, and the offline flags (offline-flags.ts), decide with these ----

/** A closed or cancelled permit's attachments are final. */
const attachmentsFinal = (status: string) => terminalPermitStatuses.includes(status as PermitStatus);

/** Whether these permissions let someone remove another person's attachment on a permit of this type. */
export const mayRemoveOthersAttachments = (permissions: ReadonlySet<string>, typeCode: string) =>
  permissions.has(permitPermission('approve', typeCode)) || permissions.has(permitPermission('issue', typeCode));

/** Why nobody may attach to a permit of this status now (null: anyone who may view it may). */
export function attachProblem(status: string): { status: 409; message: string } | null {
  return attachmentsFinal(status) ? { status: 409, message: attachmentMessages.closed } : null;
}

/**
 * Why this person may not remove the attachment now (null: they may): the person who attached it,
 * or whoever may approve or issue permits of the type (`removesOthers`), while the permit is open.
 */
export function removeAttachmentProblem(facts: {
  status: string;
  removed: boolean;
  attachedBy: number;
  userId: number;
  removesOthers: boolean;
}): { status: 403 | 409; message: string } | null {
  if (attachmentsFinal(facts.status)) return { status: 409, message: attachmentMessages.closed };
  if (facts.removed) return { status: 409, message: attachmentMessages.alreadyRemoved };
  if (facts.attachedBy !== facts.userId && !facts.removesOthers)
    return { status: 403, message: attachmentMessages.removeForbidden };
  return null;
}
