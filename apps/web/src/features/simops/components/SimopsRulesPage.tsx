import { Alert, Button, Loader } from '@mantine/core';
import { useState } from 'react';
import { simopsRulesButtons as B, simopsRulesLabels as L, type SimopsRules } from '@hasp/contracts';
import { Page } from '../../../components/Page';
import { RightNavGate } from '../../../components/RightNavGate';
import { useCaptions } from '../../../lib/i18n';
import { reasonOf } from '../../../lib/send-form';
import { useSimopsRules } from '../api/simops-rules';
import classes from '../Simops.module.css';
import { RuleForm } from './RuleForm';
import { RulesTable } from './RulesTable';

/** What the form is open for: a new rule, or an existing rule's mode. */
type Editing = { rule: SimopsRules['rules'][number] | null } | null;

/** The rules table and the form below it. */
export function SimopsRules() {
  const t = useCaptions();
  const rules = useSimopsRules();
  const [editing, setEditing] = useState<Editing>(null);
  if (rules.isPending) return <Loader aria-label={t(L.loading)} />;
  if (rules.isError)
    return (
      <Alert color="red" variant="light" role="alert">
        {t(L.loadFailed, { reason: reasonOf(rules.error) })}
      </Alert>
    );
  const done = () => setEditing(null);
  return (
    <div className={classes.section}>
      <RulesTable rules={rules.data.rules} onChange={(rule) => setEditing({ rule })} />
      {editing ? (
        <RuleForm
          key={editing.rule ? `${editing.rule.first.ID}-${editing.rule.second.ID}` : 'new'}
          types={rules.data.types}
          rule={editing.rule}
          onDone={done}
        />
      ) : (
        <Button className={classes.touch} onClick={() => setEditing({ rule: null })}>
          {t(B.add)}
        </Button>
      )}
    </div>
  );
}

/** `/admin/simops-rules` (Administrator › Permit types › SIMOPS rules): the facility's rules per pair of permit types. */
export function SimopsRulesPage() {
  const t = useCaptions();
  const title = t(L.title);
  return (
    <RightNavGate id="administrator" title={title}>
      <Page title={title} lead={t(L.lead)}>
        <SimopsRules />
      </Page>
    </RightNavGate>
  );
}
