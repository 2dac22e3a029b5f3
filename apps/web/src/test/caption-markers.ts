import { vi } from 'vitest';
import * as contracts from '@hasp/contracts';
import type { Caption, CaptionResources } from '@hasp/contracts';
import { loadCaptions } from '../lib/i18n';

/**
 * A marker language for tests that a screen speaks only in captions: every caption of the contracts
 * reads ⟦its default⟧ in language `xx`. Once a screen's own data (numbers, titles, names, dates) is
 * taken out, no letter may be left outside the markers; a string written in a component instead of
 * a caption shows up as stray words.
 */

const isCaption = (value: unknown): value is Caption =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as Caption).itemType === 'string' &&
  typeof (value as Caption).defaultCaption === 'string';

/** Every caption of the app (as the server registers them), each text wrapped in markers. */
export function markedResources(): CaptionResources {
  const resources: CaptionResources = {};
  for (const catalog of Object.values(contracts)) {
    if (typeof catalog !== 'object' || catalog === null || Array.isArray(catalog)) continue;
    const entries = Object.values(catalog as Record<string, unknown>);
    if (!entries.length || !entries.every(isCaption)) continue;
    for (const c of entries) {
      ((resources[c.itemType] ??= {})[c.formName] ??= {})[c.controlName] = `⟦${c.defaultCaption}⟧`;
    }
  }
  return resources;
}

/**
 * Serves the marker language (and empty English) as the server's caption resources, answers every
 * other request with `answer` (or an empty list), and switches the app to the marker language.
 */
export async function speakMarkerLanguage(answer: (url: URL) => unknown = () => []): Promise<void> {
  // happy-dom has no font loading API; Mantine's autosizing textarea listens to it.
  if (!('fonts' in document))
    Object.defineProperty(document, 'fonts', { value: new EventTarget(), configurable: true });
  const resources = markedResources();
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string) => {
      const url = new URL(input, 'http://localhost');
      const body = url.pathname.endsWith('/i18n/resources')
        ? url.searchParams.get('languageCode') === 'xx'
          ? resources
          : {}
        : answer(url);
      return new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });
    }),
  );
  await loadCaptions('Demo', 'xx');
}

/** The words of a text outside the caption markers and the data. */
export function strayWords(text: string, known: string[]): string {
  let rest = text;
  // Captions nest (a duration inside "Expires in …"): take innermost markers out until none are left.
  for (let before = ''; before !== rest;) {
    before = rest;
    rest = rest.replace(/⟦[^⟦⟧]*⟧/g, ' ');
  }
  for (const value of [...known].sort((a, b) => b.length - a.length)) rest = rest.split(value).join(' ');
  return /\p{L}/u.test(rest) ? rest.trim() : '';
}

/** Every text node and every accessible-name attribute in the document with stray words. */
export function strays(known: string[]): string[] {
  const found: string[] = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  // Hidden from everyone (Mantine's measuring textarea): not the page's words.
  const hidden = (element: Element | null) => !!element?.closest('script, style, [aria-hidden="true"]');
  // A sentence whose numbers are kept whole (components/WholeIdentifiers) is one text split over
  // spans: read it as its element's text, once.
  const sentences = new Set<Element>();
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    if (hidden(node.parentElement)) continue;
    const holder = node.parentElement?.closest(':has(> [data-whole])') ?? null;
    if (holder && sentences.has(holder)) continue;
    if (holder) sentences.add(holder);
    const stray = strayWords((holder ?? node).textContent ?? '', known);
    if (stray) found.push(`text: ${stray}`);
  }
  for (const element of document.body.querySelectorAll('*')) {
    if (hidden(element)) continue;
    for (const attribute of ['aria-label', 'placeholder', 'title', 'alt']) {
      const value = element.getAttribute(attribute);
      const stray = value ? strayWords(value, known) : '';
      if (stray) found.push(`${attribute}: ${stray}`);
    }
  }
  return found;
}
