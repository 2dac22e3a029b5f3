import { Badge, Button, Text } from '@mantine/core';
import { Link } from 'react-router';
import { myWorkLabels, permitStatusCaptions, type MyWorkItem } from '@hasp/contracts';
import { useCaptions } from '../../../lib/i18n';
import { nextStepWords, permitTabPath } from '../model/next-step';
import classes from './MyWork.module.css';

/** One permit, crew or lock of the reader's, and the one tap that takes its next step's tab. */
export function MyWorkCard({ item }: { item: MyWorkItem }) {
  const t = useCaptions();
  const step = nextStepWords(item);
  return (
    <li className={classes.card}>
      <div className={classes.head}>
        <Text fw={700}>{item.permitNumber}</Text>
        <Badge variant="outline" color="dark" size="lg">
          {t(permitStatusCaptions[item.permitStatus])}
        </Badge>
      </div>
      <Text className={classes.title}>{item.permitTitle}</Text>
      {item.lock && (
        <Text size="sm" c="dimmed">
          {t(item.lock.onLockbox ? myWorkLabels.lockOnLockbox : myWorkLabels.lockOn, {
            serial: item.lock.serial,
            on: item.lock.on,
          })}
        </Text>
      )}
      <Button
        component={Link}
        to={permitTabPath(item.permitId, item.tab)}
        fullWidth
        size="md"
        className={classes.step}
        variant={item.step === 'none' || item.step === 'keep-lock' ? 'light' : 'filled'}
      >
        {t(step.caption, step.values)}
      </Button>
    </li>
  );
}
