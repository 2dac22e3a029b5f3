import { Alert, Button } from '@mantine/core';
import classes from './SaveBar.module.css';

interface SaveBarProps {
  /** The failed save's message (already worded by the screen), or null. */
  failure: string | null;
  /** There are unsaved changes: the notice shows and Discard is offered. */
  dirty: boolean;
  saving: boolean;
  /** Save is offered only when this is true (something changed, nothing is wrong). */
  canSave: boolean;
  labels: { unsaved: string; discard: string; save: string };
  onDiscard: () => void;
  /** Left out: Save submits the form the bar stands in. */
  onSave?: () => void;
}

/** The foot of a settings page that is saved as a whole: why a save failed, unsaved changes, Discard and Save. */
export function SaveBar({ failure, dirty, saving, canSave, labels, onDiscard, onSave }: SaveBarProps) {
  return (
    <div className={classes.root}>
      {failure !== null && (
        <Alert color="red" variant="light" role="alert" w="100%">
          {failure}
        </Alert>
      )}
      {dirty && (
        <span className={classes.unsaved} role="status">
          {labels.unsaved}
        </span>
      )}
      <Button variant="default" disabled={!dirty || saving} onClick={onDiscard}>
        {labels.discard}
      </Button>
      <Button type={onSave ? 'button' : 'submit'} disabled={!canSave} loading={saving} onClick={onSave}>
        {labels.save}
      </Button>
    </div>
  );
}
