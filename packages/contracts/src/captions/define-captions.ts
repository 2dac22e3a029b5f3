/**
 * A caption the app shows: its identity in the translations table (seed: itemType, formName,
 * controlName) and the text shown when no preferred caption exists for the user's language.
 * Catalogs live here, not in the web app, so the server can register every caption the app has
 * at startup (the translations screen lists them all before anyone opens a screen).
 */
export interface Caption {
  readonly itemType: string;
  readonly formName: string;
  readonly controlName: string;
  readonly defaultCaption: string;
}

/** What a caption's parts may contain: 1–200 characters, no `|` (kept free for joined keys). */
const partPattern = /^[^|]{1,200}$/;

/**
 * One catalog: captions of one kind (itemType, e.g. `Label`, `Button`, `Message`) on one screen
 * or feature (formName; nested areas are joined by underscores, e.g. `Admin_Settings`).
 * Placeholders are written `{{name}}` (the web app's lib/i18n.ts fills them). A variant of a control is written `control::variant`.
 * @example defineCaptions('Label', 'Login', { username: 'Username' }).username.defaultCaption === 'Username'
 */
export function defineCaptions<const T extends Record<string, string>>(
  itemType: string,
  formName: string,
  defaults: T,
): { readonly [K in keyof T]: Caption } {
  if (!partPattern.test(itemType) || !partPattern.test(formName)) {
    throw new Error(`Caption catalog ${itemType}/${formName}: parts must be 1–200 characters without "|"`);
  }
  const catalog = {} as Record<string, Caption>;
  for (const [controlName, defaultCaption] of Object.entries(defaults)) {
    if (!partPattern.test(controlName)) throw new Error(`Caption ${formName}/${controlName}: invalid control name`);
    catalog[controlName] = { itemType, formName, controlName, defaultCaption };
  }
  return catalog as { readonly [K in keyof T]: Caption };
}

/** Every caption of some catalogs, for registration. */
export function captionsOf(...catalogs: Readonly<Record<string, Caption>>[]): Caption[] {
  return catalogs.flatMap((catalog) => Object.values(catalog));
}
