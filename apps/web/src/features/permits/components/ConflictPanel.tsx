import { Alert, Button, Group, Text } from '@mantine/core';
import { permitsButtons, permitsLabels } from '@hasp/contracts';
import { useCaptions } from '../../../lib/i18n';
import { changedFields, conflictsWith, describeValue, type PermitFormValues } from '../model/permit-form';
import { FieldDifferences } from './FieldDifferences';
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
        <FieldDifferences
          label={t(permitsLabels.conflictTable)}
          fieldHeading={t(permitsLabels.conflictField)}
          fields={fields}
          columns={[
            { heading: t(permitsLabels.conflictSavedNow), testId: 'theirs', value: (f) => describeValue(latest, f, t) },
            {
              heading: t(permitsLabels.conflictYours),
              testId: 'mine',
              value: (f) => (edited.has(f) ? describeValue(mine, f, t) : t(permitsLabels.conflictNotChanged)),
            },
          ]}
        />
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
