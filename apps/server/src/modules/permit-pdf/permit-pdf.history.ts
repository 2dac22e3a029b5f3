import {
  permitCommandCaptions,
  permitCommands,
  permitFieldCaptions as F,
  permitHistoryStepCaptions,
  permitPdfLabels as L,
  permitStatusCaptions,
  type PermitCommand,
  type PermitHandover,
  type PermitHistoryEntry,
} from '@hasp/contracts';
import type { SectionContext } from './permit-pdf.sections';

/** One history entry's action in the reader's words: an isolation step's caption, or the command with its status change. */
function actionWords({ text, at }: SectionContext, entry: PermitHistoryEntry): string {
  if (entry.step) return text(permitHistoryStepCaptions[entry.step.kind], entry.step.values);
  const verb = entry.action.replace(/^permit\./, '');
  let action =
    verb === 'create'
      ? text(L.historyCreated)
      : (permitCommands as readonly string[]).includes(verb)
        ? text(permitCommandCaptions[verb as PermitCommand])
        : verb;
  if (entry.fromStatus && entry.toStatus && entry.fromStatus !== entry.toStatus)
    action = text(L.historyStatus, {
      action,
      from: text(permitStatusCaptions[entry.fromStatus]),
      to: text(permitStatusCaptions[entry.toStatus]),
    });
  // An extension's new end in the facility's time (with its offset), never the raw ISO text.
  const summary = entry.plannedEnd ? `${text(F.plannedEnd)}: ${at(entry.plannedEnd)}` : entry.summary;
  return summary ? text(L.historySummary, { action, summary }) : action;
}

/** The permit's history, oldest first: every lifecycle command and isolation step with who and when. */
export function drawHistory(ctx: SectionContext, history: readonly PermitHistoryEntry[]): void {
  const { out, text, at } = ctx;
  out.heading(text(L.historyTitle));
  for (const entry of history)
    out.line(
      text(L.historyLine, {
        at: at(entry.at),
        name: entry.actor?.displayName ?? text(L.system),
        action: actionWords(ctx, entry),
      }),
      { size: 8.5 },
    );
}

/** The shift handovers ((f)(4)): who handed to whom and when, the notes, and the incoming holder's acknowledgment. */
export function drawHandovers({ out, text, at }: SectionContext, handovers: readonly PermitHandover[]): void {
  out.heading(text(L.handoversTitle));
  if (!handovers.length) return out.line(text(L.noHandovers));
  const none = text(L.none);
  for (const h of handovers) {
    out.line(
      text(L.handoverLine, {
        at: at(h.at),
        from: h.from?.displayName ?? none,
        to: h.to.displayName,
        by: h.by.displayName,
      }),
      { bold: true },
    );
    out.line(text(L.handoverAbnormal, { text: h.abnormalConditions }), { indent: 1 });
    out.line(text(L.handoverRemaining, { text: h.workRemaining }), { indent: 1 });
    out.line(text(L.handoverLocks, { locks: h.locksStaying.map((lock) => lock.serial).join(', ') || none }), {
      indent: 1,
    });
    out.line(
      h.acknowledged
        ? text(L.handoverAcknowledged, { name: h.acknowledged.by.displayName, at: at(h.acknowledged.at) })
        : text(L.handoverPending),
      { indent: 1 },
    );
  }
}
