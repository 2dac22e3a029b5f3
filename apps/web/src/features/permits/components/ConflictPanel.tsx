import { Alert, Button, Group, Table, Text } from '@mantine/core';
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
  const fields = conflictsWith(mine, latest);
  const edited = new Set(changedFields(base, mine));
  return (
    <Alert color="orange" variant="light" role="alert" title="Someone else saved this permit first">
      <Text size="sm" mb="sm">
        Your changes were not saved, and they are still in the form. Someone changed the permit since you opened it.
        Compare, then reload the latest with your edits kept and save again.
      </Text>
      {fields.length > 0 && (
        <Table className={classes.conflictTable} withTableBorder aria-label="Saved now and your edits">
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">Field</Table.Th>
              <Table.Th scope="col">Saved now</Table.Th>
              <Table.Th scope="col">Yours</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {fields.map((field) => (
              <Table.Tr key={field}>
                <Table.Th scope="row">{permitFieldLabels[field]}</Table.Th>
                <Table.Td data-testid={`theirs-${field}`}>{describeValue(latest, field)}</Table.Td>
                <Table.Td data-testid={`mine-${field}`}>
                  {edited.has(field) ? describeValue(mine, field) : 'Not changed by you: the saved value is kept'}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      <Group mt="sm">
        <Button size="md" className={classes.touch} onClick={onReapply}>
          Reload latest, keep my edits
        </Button>
        <Button size="md" variant="default" className={classes.touch} onClick={onDiscard}>
          Discard my edits
        </Button>
      </Group>
    </Alert>
  );
}
