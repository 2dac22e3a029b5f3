import { Button } from '@mantine/core';
import { permitsButtons } from '@hasp/contracts';
import { useCaptions } from '../../../lib/i18n';
import type { PermitSectionEntry } from '../model/permit-sections';
import classes from '../Permits.module.css';

/** "Open Questions": goes to the tab where what blocks a step is done. */
export function RefusalTabLink({ section, onOpen }: { section: PermitSectionEntry; onOpen: (id: string) => void }) {
  const t = useCaptions();
  return (
    <Button variant="subtle" size="compact-md" className={classes.touch} onClick={() => onOpen(section.id)}>
      {t(permitsButtons.openTab, { tab: t(section.label) })}
    </Button>
  );
}
