import type { PermitSectionEntry } from './permit-sections';

/**
 * The permit page's tab named by its URL (`?tab=crew-sign-on`), when the page shows such a tab in
 * place (not an outlet, which has its own path); else the Permit tab. The URL carries the tab so a
 * link opens it (My work today's next step) and a page drawn again (the network lost and back) keeps it.
 * @example tabOfUrl('crew-sign-on', sections) === 'crew-sign-on'
 */
export function tabOfUrl(asked: string | null, sections: readonly Pick<PermitSectionEntry, 'id' | 'outlet'>[]): string {
  if (asked === 'history') return asked;
  return sections.some((e) => e.id === asked && !e.outlet) ? asked! : 'permit';
}

/** The search with `tab` set to the chosen in-page tab (the Permit tab is the page's default: no parameter). */
export function withTab(search: URLSearchParams, tab: string): URLSearchParams {
  const next = new URLSearchParams(search);
  if (tab === 'permit') next.delete('tab');
  else next.set('tab', tab);
  return next;
}
