import type { ReactNode } from 'react';
import { Alert, Button, Text } from '@mantine/core';
import classes from '../../../components/RecordCards.module.css';

interface RecordSectionProps {
  /** The button that opens the "new" form, and what it does. */
  newLabel: string;
  onNew: () => void;
  /** A line under the button (a rule the section follows). */
  notice?: string;
  /** The list could not be loaded: the sentence to show. */
  failed: string | null;
  /** The list loaded and is empty: the sentence to show. */
  empty: string | null;
  listLabel: string;
  /** The cards (`<li>`). */
  children: ReactNode;
}

/** One of Hasp Connect's lists of records (keys, subscriptions): "New…", a load failure or "none yet", the cards. */
export function RecordSection(props: RecordSectionProps) {
  return (
    <>
      <div>
        <Button onClick={props.onNew} className={classes.touch}>
          {props.newLabel}
        </Button>
      </div>
      {props.notice && <Text className={classes.muted}>{props.notice}</Text>}
      {props.failed && <Alert color="red">{props.failed}</Alert>}
      {props.empty && <Text className={classes.muted}>{props.empty}</Text>}
      <ul className={classes.list} aria-label={props.listLabel}>
        {props.children}
      </ul>
    </>
  );
}
