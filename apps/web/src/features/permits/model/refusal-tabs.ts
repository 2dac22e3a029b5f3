import { shownRefusalCodes, type PermitCommandRefusal, type PermitRefusalTab } from '@hasp/contracts';
import { ApiRequestError } from '../../../lib/http';
import { buttonCommands } from './command-plan';
import type { PermitSectionEntry } from './permit-sections';

/** The permit page's section where each refusal tab's work is done (app/routes/permit-sections.tsx ids). */
const sectionOfTab: Record<Exclude<PermitRefusalTab, 'none'>, string> = {
  questions: 'questions',
  'gas-tests': 'gas-tests',
  crew: 'crew-sign-on',
  isolation: 'isolation-plan',
};

/** The shown section a refusal links to; null when no tab resolves it or the type has no such section. */
export function refusalSection(
  tab: PermitRefusalTab | null | undefined,
  sections: readonly PermitSectionEntry[],
): PermitSectionEntry | null {
  if (!tab || tab === 'none') return null;
  return sections.find((entry) => entry.id === sectionOfTab[tab]) ?? null;
}

/**
 * The refusals said where the buttons would be: those of commands shown as buttons, whose refusal
 * the viewer can act on or must know (contracts' shownRefusalCodes), never a permission they lack.
 */
export function shownRefusals(refusals: readonly PermitCommandRefusal[]): PermitCommandRefusal[] {
  const buttons = new Set(buttonCommands(refusals.map((r) => r.command)));
  return refusals.filter((r) => buttons.has(r.command) && shownRefusalCodes.includes(r.code));
}

/**
 * The refusals the command bar says while `openTab` is open: one resolved on that tab is left to
 * it (its own card says what to do next there), so on a phone the tab's work stays on the first screen.
 */
export function refusalsBesideTab(
  refusals: readonly PermitCommandRefusal[],
  sections: readonly PermitSectionEntry[],
  openTab: string | undefined,
): PermitCommandRefusal[] {
  return refusals.filter((r) => openTab === undefined || refusalSection(r.tab, sections)?.id !== openTab);
}

/** The tab a refused command's answer names (`details: [{ field: 'tab' }]`), else null. */
export function refusalTabOf(error: unknown): PermitRefusalTab | null {
  if (!(error instanceof ApiRequestError)) return null;
  const tab = error.error.details?.find((d) => d.field === 'tab')?.message;
  return (tab as PermitRefusalTab | undefined) ?? null;
}
