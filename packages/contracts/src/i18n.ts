import { z } from 'zod';

export const languageSchema = z.object({ ID: z.number().int(), name: z.string(), code: z.string() });
export type Language = z.infer<typeof languageSchema>;

const captionPart = z.string().trim().min(1).max(200);

/** A caption's identity and default text, as the web app registers it. */
export const captionKeySchema = z.object({
  itemType: captionPart,
  formName: captionPart,
  controlName: captionPart,
});
export const registerCaptionsSchema = z
  .array(captionKeySchema.extend({ defaultCaption: z.string().max(2000) }))
  .max(2000);

/** A row of the translations screen (seed: itemType, formName, controlName, defaultCaption, preferredCaption). */
export const translationRowSchema = captionKeySchema.extend({
  captionID: z.number().int(),
  defaultCaption: z.string(),
  preferredCaption: z.string().nullable(),
});
export type TranslationRow = z.infer<typeof translationRowSchema>;

export const updateTranslationSchema = z.object({
  preferredCaption: z.string().max(2000).nullable().describe('null or empty: use the default caption again'),
});

/**
 * Captions of one language for i18next: itemType → formName → controlName → text (the preferred
 * caption, else the default).
 */
export const captionResourcesSchema = z.record(z.string(), z.record(z.string(), z.record(z.string(), z.string())));
export type CaptionResources = z.infer<typeof captionResourcesSchema>;
