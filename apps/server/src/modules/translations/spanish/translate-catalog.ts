import type { Caption } from '@hasp/contracts';

/** A shipped translation: the caption and its text in one language. */
export interface ShippedTranslation {
  caption: Caption;
  text: string;
}

/**
 * Pairs a caption catalog with its translations. Every caption of the catalog must be translated:
 * a new caption without its translation fails the type check, not a user.
 */
export function translateCatalog<T extends Readonly<Record<string, Caption>>>(
  catalog: T,
  texts: { readonly [K in keyof T]: string },
): ShippedTranslation[] {
  return Object.entries(catalog).map(([key, caption]) => ({ caption, text: texts[key as keyof T] }));
}
