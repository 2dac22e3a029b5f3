import * as z from 'zod/mini';
import { idSchema } from './ids';

export const announcementStatuses = ['draft', 'published', 'expired', 'archived'] as const;
export type AnnouncementStatus = (typeof announcementStatuses)[number];

/** What an author writes; the body is rich text, sanitized by the server before it is stored. */
export const announcementInputSchema = z
  .object({
    title: z.string().check(z.trim(), z.minLength(1, 'Title is required'), z.maxLength(200)),
    bodyHtml: z.string().check(z.maxLength(2_000_000, 'The text is too long (images included, at most 2 MB)')),
    validFrom: z.iso.datetime({ offset: true }),
    validTo: z.nullable(z.iso.datetime({ offset: true })),
    requiresAcknowledgement: z.boolean(),
    audienceGroupIDs: z.array(idSchema).check(z.maxLength(200), z.describe('Empty: everyone in the facility')),
  })
  .check(
    z.refine((a) => a.validTo === null || Date.parse(a.validTo) > Date.parse(a.validFrom), {
      path: ['validTo'],
      error: 'Valid to must be after valid from',
    }),
  );
export type AnnouncementInput = z.infer<typeof announcementInputSchema>;

export const announcementSchema = z.object({
  ID: z.int(),
  title: z.string(),
  bodyHtml: z.string(),
  author: z.object({ ID: z.int(), displayName: z.string() }),
  validFrom: z.string(),
  validTo: z.nullable(z.string()),
  status: z.enum(announcementStatuses),
  requiresAcknowledgement: z.boolean(),
  audienceGroupIDs: z.array(z.int()),
  acknowledgedAt: z.nullable(z.string()).check(z.describe("The caller's acknowledgement")),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Announcement = z.infer<typeof announcementSchema>;

export const acknowledgementSchema = z.object({
  user: z.object({ ID: z.int(), displayName: z.string(), userName: z.string() }),
  acknowledgedAt: z.string(),
});

/** A group of the facility, as the announcement manager offers it for the audience. */
export const announcementGroupSchema = z.object({ ID: z.int(), name: z.string() });
export type AnnouncementGroup = z.infer<typeof announcementGroupSchema>;
