import { ActionIcon, Tooltip } from '@mantine/core';
import { translationsLabels } from '@hasp/contracts';
import { Icon } from '../../../components/Icon';
import { useCaptions } from '../../../lib/i18n';
import classes from '../Translations.module.css';

/** An info icon beside a column heading; its tooltip opens on hover, keyboard focus and touch. */
export function HeadingHelp({ column, lines }: { column: string; lines: string[] }) {
  const t = useCaptions();
  return (
    <Tooltip
      multiline
      w={300}
      withArrow
      events={{ hover: true, focus: true, touch: true }}
      label={lines.map((line) => (
        <span key={line} className={classes.helpLine}>
          {line}
        </span>
      ))}
    >
      <ActionIcon variant="subtle" color="steel" size="sm" aria-label={t(translationsLabels.about, { column })}>
        <Icon name="info-circle" size={16} />
      </ActionIcon>
    </Tooltip>
  );
}
