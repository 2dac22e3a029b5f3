import { z } from 'zod';

export const announcementStatuses = ['draft', 'published', 'expired', 'archived'] as const;
export type AnnouncementStatus = (typeof announcementStatuses)[number];

/** What an author writes; the body is rich text, sanitized by the server before it is stored. */
export const announcementInputSchema = z
  .object({
    title: z.string().trim().min(1, 'Title is required').max(200),
    bodyHtml: z.string().max(2_000_000, 'The text is too long (images included, at most 2 MB)'),
    validFrom: z.iso.datetime({ offset: true }),
    validTo: z.iso.datetime({ offset: true }).nullable(),
    requiresAcknowledgement: z.boolean(),
    audienceGroupIDs: z.array(z.number().int().positive()).max(200).describe('Empty: everyone in the facility'),
  })
  .refine((a) => a.validTo === null || Date.parse(a.validTo) > Date.parse(a.validFrom), {
    path: ['validTo'],
    message: 'Valid to must be after valid from',
  });
export type AnnouncementInput = z.infer<typeof announcementInputSchema>;

export const announcementSchema = z.object({
  ID: z.number().int(),
  title: z.string(),
  bodyHtml: z.string(),
  author: z.object({ ID: z.number().int(), displayName: z.string() }),
  validFrom: z.string(),
  validTo: z.string().nullable(),
  status: z.enum(announcementStatuses),
  requiresAcknowledgement: z.boolean(),
  audienceGroupIDs: z.array(z.number().int()),
  acknowledgedAt: z.string().nullable().describe("The caller's acknowledgement"),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Announcement = z.infer<typeof announcementSchema>;

export const acknowledgementSchema = z.object({
  user: z.object({ ID: z.number().int(), displayName: z.string(), userName: z.string() }),
  acknowledgedAt: z.string(),
});
