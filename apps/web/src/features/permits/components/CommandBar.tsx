import { Button, Text } from '@mantine/core';
import { useState } from 'react';
import { permitsLabels, type Permit, type PermitCommand } from '@hasp/contracts';
import { useCaptions } from '../../../lib/i18n';
import { buttonCommands, commandPlan } from '../model/command-plan';
import classes from '../Permits.module.css';
import { CommandDialog } from './CommandDialog';

interface CommandBarProps {
  permit: Permit;
  /** Unsaved edits: commands wait until they are saved or discarded (a command changes the version). */
  blockedBy: string | null;
  onStale: () => void;
}

/** The next steps the caller may take now (the server's allowedCommands), each behind a confirmation. */
export function CommandBar({ permit, blockedBy, onStale }: CommandBarProps) {
  const t = useCaptions();
  const [open, setOpen] = useState<PermitCommand | null>(null);
  const verbs = buttonCommands(permit.allowedCommands);
  if (verbs.length === 0) return null;
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
              className={classes.touch}
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
      {open && <CommandDialog permit={permit} verb={open} onClose={() => setOpen(null)} onStale={onStale} />}
    </section>
  );
}
