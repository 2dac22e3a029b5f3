import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { administratorButtons, administratorLabels, administratorMessages } from '@hasp/contracts';
import { useCaptions } from '../../../lib/i18n';
import { useVerifyAudit } from '../api/audit';
import { FactList } from './FactList';
import classes from '../Administrator.module.css';

/**
 * The audit log's chain check: walks this facility's chain and the connection-wide one on the
 * server and shows either how many entries were checked or the first broken entry.
 */
export function AuditVerify() {
  const t = useCaptions();
  const l = administratorLabels;
  const verify = useVerifyAudit();
  const result = verify.data;
  const broken = result?.firstBroken;

  return (
    <Stack gap="xs">
      <Group gap="sm" wrap="wrap" align="center">
        <Button variant="default" loading={verify.isPending} onClick={() => verify.mutate()}>
          {t(administratorButtons.verify)}
        </Button>
        <Text size="sm" c="dimmed" className={classes.verifyHelp}>
          {t(l.verifyHelp)}
        </Text>
      </Group>
      {result && !broken && (
        <Alert color="green" variant="light" role="status" data-verify="ok">
          {t(administratorMessages.verifyOk, { count: result.checked })}
          {result.anchor && !result.anchor.problem && ` ${t(l.anchored, { count: result.anchor.anchored })}`}
        </Alert>
      )}
      {result?.anchor?.problem && (
        <Alert color="red" variant="light" role="alert" data-verify="anchor-problem">
          {t(l.anchorProblem, { problem: result.anchor.problem })}
        </Alert>
      )}
      {broken && (
        <Alert
          color="red"
          variant="light"
          role="alert"
          data-verify="broken"
          data-broken-id={broken.ID ?? ''}
          title={t(administratorMessages.verifyBroken)}
        >
          <FactList
            label={t(administratorMessages.verifyBroken)}
            facts={[
              {
                id: 'entry',
                term: t(l.brokenEntry),
                value: broken.ID === null ? t(l.missingEntry) : `#${broken.ID}`,
              },
              {
                id: 'chain',
                term: t(l.brokenChain),
                value: t(broken.facilityID === null ? l.connectionWide : l.thisFacility),
              },
              { id: 'position', term: t(l.brokenPosition), value: String(broken.position) },
              { id: 'reason', term: t(l.brokenReason), value: t(l[`reason::${broken.reason}`]) },
            ]}
          />
        </Alert>
      )}
    </Stack>
  );
}
