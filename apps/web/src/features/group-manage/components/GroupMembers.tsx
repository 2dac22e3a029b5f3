import { useState } from 'react';
import { Alert, Badge, Button, Center, Group, Loader, Select, Stack, Text } from '@mantine/core';
import {
  groupManageButtons,
  groupManageLabels,
  groupManageMessages,
  groupManageTitles,
  type GroupSummary,
} from '@hasp/contracts';
import { useAuthState } from '../../../lib/auth-session';
import { useCaptions } from '../../../lib/i18n';
import { showToast } from '../../../lib/toast';
import { useChangeMembership, useGroupMembers, useMemberCandidates } from '../api/members';
import { reasonOf } from '../api/send-change';
import classes from '../GroupManage.module.css';

/**
 * The group's members, with add and remove. Nobody adds or removes themself (the server refuses;
 * here their own row has no remove button and they are not offered).
 */
export function GroupMembers({ group }: { group: GroupSummary }) {
  const t = useCaptions();
  const { session } = useAuthState();
  const myId = session?.user.ID ?? 0;
  const members = useGroupMembers(group.ID);
  const candidates = useMemberCandidates(group.ID);
  const change = useChangeMembership();
  const [chosen, setChosen] = useState<string | null>(null);
  const l = groupManageLabels;
  const b = groupManageButtons;

  const add = () => {
    const user = candidates.data?.find((c) => String(c.ID) === chosen);
    if (!user) return;
    change.mutate(
      { groupId: group.ID, userId: user.ID, action: 'add' },
      {
        onSuccess: () => {
          setChosen(null);
          showToast({
            title: group.name,
            message: t(groupManageMessages.memberAdded, { name: user.displayName }),
            tone: 'success',
          });
        },
      },
    );
  };

  if (members.isPending) {
    return (
      <Center py="md">
        <Loader size="sm" aria-label={t(groupManageTitles.members)} />
      </Center>
    );
  }
  if (members.isError) {
    return (
      <Alert color="red" variant="light" title={t(groupManageMessages.membersFailed)}>
        <Button variant="default" mt="xs" onClick={() => void members.refetch()}>
          {t(b.retry)}
        </Button>
      </Alert>
    );
  }

  const offered = (candidates.data ?? []).filter((c) => c.ID !== myId);
  return (
    <Stack gap="md">
      {change.isError && (
        <Alert color="red" variant="light" role="alert" withCloseButton onClose={() => change.reset()}>
          {t(groupManageMessages.saveFailed, { reason: reasonOf(change.error) })}
        </Alert>
      )}
      <div className={classes.addMember}>
        <Select
          className={classes.addMemberSelect}
          label={t(l.addMember)}
          placeholder={offered.length ? t(l.addMemberPlaceholder) : t(l.noCandidates)}
          data={offered.map((c) => ({ value: String(c.ID), label: `${c.displayName} (${c.userName})` }))}
          value={chosen}
          onChange={setChosen}
          searchable
          clearable
          disabled={!offered.length}
          comboboxProps={{ zIndex: 300 }}
        />
        <Button
          onClick={add}
          disabled={chosen === null}
          loading={change.isPending && change.variables.action === 'add'}
        >
          {t(b.add)}
        </Button>
      </div>
      {members.data.length === 0 ? (
        <Text c="gray.7">{t(l.noMembers)}</Text>
      ) : (
        <ul className={classes.members} aria-label={t(groupManageTitles.members)}>
          {members.data.map((member) => (
            <li key={member.ID} className={classes.member}>
              <span className={classes.memberName}>
                <Text span fw={600}>
                  {member.displayName}
                </Text>{' '}
                <Text span c="gray.7" size="sm">
                  {member.userName}
                </Text>{' '}
                {member.ID === myId && (
                  <Badge variant="light" size="sm">
                    {t(l.you)}
                  </Badge>
                )}
                {!member.isActive && (
                  <Badge variant="light" color="gray" size="sm">
                    {t(l.inactive)}
                  </Badge>
                )}
              </span>
              {member.ID !== myId && (
                <Group gap="xs">
                  <Button
                    variant="default"
                    size="compact-sm"
                    aria-label={t(b.removeMember, { name: member.displayName })}
                    loading={
                      change.isPending && change.variables.action === 'remove' && change.variables.userId === member.ID
                    }
                    onClick={() =>
                      change.mutate(
                        { groupId: group.ID, userId: member.ID, action: 'remove' },
                        {
                          onSuccess: () =>
                            showToast({
                              title: group.name,
                              message: t(groupManageMessages.memberRemoved, { name: member.displayName }),
                              tone: 'success',
                            }),
                        },
                      )
                    }
                  >
                    {t(b.remove)}
                  </Button>
                </Group>
              )}
            </li>
          ))}
        </ul>
      )}
    </Stack>
  );
}
