import type { SettingEntry, SettingEntryValue } from '@hasp/contracts';

/** What the user typed for a setting, as the value the server expects (a bad number goes as typed). */
export function parseDraft(entry: SettingEntry, draft: string | boolean): SettingEntryValue {
  if (entry.type === 'boolean') return draft === true;
  const text = String(draft);
  if (entry.type === 'integer') return /^\s*-?\d{1,12}\s*$/.test(text) ? Number(text) : text;
  // A secret (a password) is sent exactly as typed: spaces may be part of it.
  return entry.secret ? text : text.trim();
}

/** A secret's value is never sent to the browser: the row says only whether one is set. */
export function secretStateOf(entry: SettingEntry): 'set' | 'notSet' | null {
  if (!entry.secret) return null;
  return entry.isSet ? 'set' : 'notSet';
}

/** Long texts (certificates) get a multi-line field, so pasted line breaks survive. */
export function needsMultilineEditor(entry: SettingEntry): boolean {
  return entry.type === 'text' && !entry.secret && (entry.maxLength ?? 0) > 2000;
}

/** Settings whose key, description or value contain the text (any case), in the given scope. */
export function filterEntries(entries: SettingEntry[], scope: 'all' | SettingEntry['scope'], text: string) {
  const needle = text.trim().toLowerCase();
  return entries.filter(
    (entry) =>
      (scope === 'all' || entry.scope === scope) &&
      (!needle ||
        entry.key.toLowerCase().includes(needle) ||
        entry.description.toLowerCase().includes(needle) ||
        String(entry.value).toLowerCase().includes(needle)),
  );
}
