import { useState } from 'react';
import { ActionIcon, Button, Checkbox, Group, Popover, Stack, Text } from '@mantine/core';
import {
  permitIndexButtons,
  permitIndexColumnCaptions,
  permitIndexColumns,
  permitIndexLabels,
  type PermitIndexColumn,
} from '@hasp/contracts';
import { useCaptions } from '../../../lib/i18n';
import classes from '../PermitIndex.module.css';

interface ColumnPickerProps {
  columns: PermitIndexColumn[];
  onChange: (columns: PermitIndexColumn[]) => void;
}

/**
 * Which columns show, in which order: the chosen ones first (in their order, moved with the arrow
 * buttons), then the others. Each change applies at once; the page saves it for the user.
 */
export function ColumnPicker({ columns, onChange }: ColumnPickerProps) {
  const t = useCaptions();
  const [opened, setOpened] = useState(false);
  const others = permitIndexColumns.filter((c) => !columns.includes(c));
  const move = (index: number, by: -1 | 1) => {
    const next = [...columns];
    const [column] = next.splice(index, 1);
    next.splice(index + by, 0, column!);
    onChange(next);
  };
  const toggle = (column: PermitIndexColumn, on: boolean) => {
    if (on) onChange([...columns, column]);
    else if (columns.length > 1) onChange(columns.filter((c) => c !== column));
  };
  return (
    <Popover opened={opened} onChange={setOpened} position="bottom-end" shadow="md" trapFocus>
      <Popover.Target>
        <Button variant="default" onClick={() => setOpened((o) => !o)} className={classes.touch}>
          {t(permitIndexButtons.columns)}
        </Button>
      </Popover.Target>
      <Popover.Dropdown aria-label={t(permitIndexLabels.chooseColumns)}>
        <Stack gap={4} className={classes.picker}>
          <Text size="sm" fw={600}>
            {t(permitIndexLabels.shownInOrder)}
          </Text>
          {columns.map((column, index) => (
            <Group key={column} gap="xs" wrap="nowrap" justify="space-between">
              <Checkbox
                label={t(permitIndexColumnCaptions[column])}
                checked
                disabled={columns.length === 1}
                onChange={(event) => toggle(column, event.currentTarget.checked)}
              />
              <Group gap={2} wrap="nowrap">
                <ActionIcon
                  variant="subtle"
                  size={44}
                  aria-label={t(permitIndexLabels.moveUp, { column: t(permitIndexColumnCaptions[column]) })}
                  disabled={index === 0}
                  onClick={() => move(index, -1)}
                >
                  ↑
                </ActionIcon>
                <ActionIcon
                  variant="subtle"
                  size={44}
                  aria-label={t(permitIndexLabels.moveDown, { column: t(permitIndexColumnCaptions[column]) })}
                  disabled={index === columns.length - 1}
                  onClick={() => move(index, 1)}
                >
                  ↓
                </ActionIcon>
              </Group>
            </Group>
          ))}
          {others.length > 0 && (
            <Text size="sm" fw={600} mt="xs">
              {t(permitIndexLabels.hidden)}
            </Text>
          )}
          {others.map((column) => (
            <Checkbox
              key={column}
              label={t(permitIndexColumnCaptions[column])}
              checked={false}
              onChange={(event) => toggle(column, event.currentTarget.checked)}
              className={classes.hiddenColumn}
            />
          ))}
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
