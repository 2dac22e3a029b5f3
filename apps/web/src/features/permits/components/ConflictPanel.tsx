import { Alert, Button, Group, Table, Text } from '@mantine/core';
import { permitsButtons, permitsLabels } from '@hasp/contracts';
import { useCaptions } from '../../../lib/i18n';
import {
  changedFields,
  conflictsWith,
  describeValue,
  permitFieldLabels,
  type PermitFormValues,
} from '../model/permit-form';
import classes from '../Permits.module.css';

interface ConflictPanelProps {
  /** The values the user started from: a field they did not touch takes the saved value. */
  base: PermitFormValues;
  mine: PermitFormValues;
  latest: PermitFormValues;
  onReapply: () => void;
  onDiscard: () => void;
}

/**
 * A stale save (409): the user's edits stay in the form; here they see what the server holds now
 * beside their own values, then reload the latest with their edits laid over it, or drop theirs.
 */
export function ConflictPanel({ base, mine, latest, onReapply, onDiscard }: ConflictPanelProps) {
  const t = useCaptions();
  const fields = conflictsWith(mine, latest);
  const edited = new Set(changedFields(base, mine));
  return (
    <Alert color="orange" variant="light" role="alert" title={t(permitsLabels.conflictTitle)}>
      <Text size="sm" mb="sm">
        {t(permitsLabels.conflictText)}
      </Text>
      {fields.length > 0 && (
        <Table className={classes.conflictTable} withTableBorder aria-label={t(permitsLabels.conflictTable)}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{t(permitsLabels.conflictField)}</Table.Th>
              <Table.Th scope="col">{t(permitsLabels.conflictSavedNow)}</Table.Th>
              <Table.Th scope="col">{t(permitsLabels.conflictYours)}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {fields.map((field) => (
              <Table.Tr key={field}>
                <Table.Th scope="row">{t(permitFieldLabels[field])}</Table.Th>
                <Table.Td data-testid={`theirs-${field}`}>{describeValue(latest, field, t)}</Table.Td>
                <Table.Td data-testid={`mine-${field}`}>
                  {edited.has(field) ? describeValue(mine, field, t) : t(permitsLabels.conflictNotChanged)}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      <Group mt="sm">
        <Button size="md" className={classes.touch} onClick={onReapply}>
          {t(permitsButtons.reloadKeepEdits)}
        </Button>
        <Button size="md" variant="default" className={classes.touch} onClick={onDiscard}>
          {t(permitsButtons.discardEdits)}
        </Button>
      </Group>
    </Alert>
  );
}
