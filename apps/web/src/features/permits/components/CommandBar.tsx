import { Button, Text } from '@mantine/core';
import { useState } from 'react';
import { permitsLabels, sayIn, type Permit, type PermitCommand } from '@hasp/contracts';
import { useCaptions } from '../../../lib/i18n';
import { useCommandRefusals } from '../api/command-refusals';
import { buttonCommands, commandPlan } from '../model/command-plan';
import type { PermitSectionEntry } from '../model/permit-sections';
import { refusalSection, refusalsBesideTab, shownRefusals } from '../model/refusal-tabs';
import classes from '../Permits.module.css';
import { CommandDialog } from './CommandDialog';
import { RefusalTabLink } from './RefusalTabLink';

interface CommandBarProps {
  permit: Permit;
  /** Unsaved edits: commands wait until they are saved or discarded (a command changes the version). */
  blockedBy: string | null;
  onStale: () => void;
  /** The permit's shown sections, and how to open one: a refusal links to the tab that resolves it. */
  sections?: readonly PermitSectionEntry[];
  onOpenTab?: (id: string) => void;
  /** The tab open now: a refusal resolved there is left to it. */
  openTab?: string;
}

/**
 * The next steps the caller may take now (the server's allowedCommands), each behind a confirmation,
 * and where a step is not offered, why (the server's refusal, linked to the tab that resolves it).
 */
export function CommandBar({ permit, blockedBy, onStale, sections = [], onOpenTab, openTab }: CommandBarProps) {
  const t = useCaptions();
  const [open, setOpen] = useState<PermitCommand | null>(null);
  const verbs = buttonCommands(permit.allowedCommands);
  const refusals = refusalsBesideTab(
    shownRefusals(useCommandRefusals(permit.ID, permit.version).data?.refusals ?? []),
    sections,
    openTab,
  );
  if (verbs.length === 0 && refusals.length === 0) return null;
  return (
    <section className={classes.commandBar} aria-label={t(permitsLabels.nextSteps)}>
      {blockedBy && (
        <Text size="sm" mb={4}>
          {blockedBy}
        </Text>
      )}
      <div className={classes.commands}>
        {verbs.map((verb) => {
          const plan = commandPlan(permit, verb, t);
          return (
            <Button
              key={verb}
              size="md"
              className={plan.danger ? `${classes.touch} ${classes.dangerCommand}` : classes.touch}
              variant={plan.danger ? 'outline' : 'filled'}
              // red.9 on white is 5.6:1 (Mantine's default red outline is 3.3:1, under WCAG AA for text).
              color={plan.danger ? 'red.9' : undefined}
              disabled={blockedBy !== null}
              onClick={() => setOpen(verb)}
            >
              {plan.label}
            </Button>
          );
        })}
      </div>
      {refusals.length > 0 && (
        <ul className={classes.refusals} aria-label={t(permitsLabels.notOffered)}>
          {refusals.map((refusal) => {
            const section = refusalSection(refusal.tab, sections);
            return (
              <li key={refusal.command}>
                <Text size="sm">
                  <strong>{commandPlan(permit, refusal.command, t).label}:</strong>{' '}
                  {sayIn(refusal.said, refusal.reason, t)}
                </Text>
                {section && onOpenTab && <RefusalTabLink section={section} onOpen={onOpenTab} />}
              </li>
            );
          })}
        </ul>
      )}
      {open && (
        <CommandDialog
          permit={permit}
          verb={open}
          onClose={() => setOpen(null)}
          onStale={onStale}
          sections={sections}
          onOpenTab={onOpenTab}
        />
      )}
    </section>
  );
}
