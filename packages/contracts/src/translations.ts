import * as z from 'zod/mini';

export const languageSchema = z.object({ ID: z.int(), name: z.string(), code: z.string() });
export type Language = z.infer<typeof languageSchema>;

const captionPart = z.string().check(z.trim(), z.minLength(1), z.maxLength(200));

/** A caption's identity (the server registers the app's captions at start). */
export const captionKeySchema = z.object({
  itemType: captionPart,
  formName: captionPart,
  controlName: captionPart,
});

/** A row of the translations screen (seed: itemType, formName, controlName, defaultCaption, preferredCaption). */
export const translationRowSchema = z.extend(captionKeySchema, {
  captionID: z.int(),
  defaultCaption: z.string(),
  preferredCaption: z.nullable(z.string()),
});
export type TranslationRow = z.infer<typeof translationRowSchema>;

export const updateTranslationSchema = z.object({
  preferredCaption: z
    .nullable(z.string().check(z.maxLength(2000)))
    .check(z.describe('null or empty: use the default caption again')),
});

/**
 * Captions of one language, as the web app holds them: itemType → formName → controlName → text (the preferred
 * caption, else the default).
 */
export const captionResourcesSchema = z.record(z.string(), z.record(z.string(), z.record(z.string(), z.string())));
export type CaptionResources = z.infer<typeof captionResourcesSchema>;
