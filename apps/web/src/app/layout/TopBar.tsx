import { Group, Text, UnstyledButton } from '@mantine/core';
import { Link } from 'react-router';
import { truncateFacilityName } from '@hasp/contracts';
import { BrandMark } from '../../components/BrandMark';
import { SignOutButton } from '../../features/auth';
import type { Session } from '../../lib/auth-session';
import classes from './TopBar.module.css';

/** Product mark, facility (truncated to the seed's 25 characters), the user and sign-out. */
export function TopBar({ session }: { session: Session }) {
  return (
    <div className={classes.bar}>
      <Group gap="md" wrap="nowrap" className={classes.start}>
        <UnstyledButton component={Link} to="/" className={classes.home} aria-label="Hasp® home">
          <BrandMark tone="onDark" />
        </UnstyledButton>
        <div className={classes.facility}>
          <span className={classes.caption}>Facility</span>
          <span className={classes.facilityName} title={session.facility.name}>
            {truncateFacilityName(session.facility.name)}
          </span>
        </div>
      </Group>
      <Group gap="sm" wrap="nowrap">
        <Text className={classes.user} title={session.user.userName}>
          {session.user.displayName}
        </Text>
        <SignOutButton variant="white" color="dark" size="sm" />
      </Group>
    </div>
  );
}
