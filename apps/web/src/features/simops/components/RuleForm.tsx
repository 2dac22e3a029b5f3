import { Alert, Button, Group, NativeSelect } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import {
  simopsModeCaptions,
  simopsModes,
  simopsRulesButtons as B,
  simopsRulesLabels as L,
  type SimopsMode,
  type SimopsRules,
} from '@hasp/contracts';
import { useCaptions } from '../../../lib/i18n';
import { reasonOf, refusedFieldsOf } from '../../../lib/send-form';
import { useSetSimopsRule } from '../api/simops-rules';
import classes from '../Simops.module.css';

type Rule = SimopsRules['rules'][number];

/**
 * Add a rule (two permit types and a mode) or change an existing rule's mode (its pair stays: a
 * different pair is another rule). A refusal shows here and the choices stay as they were.
 */
export function RuleForm({
  types,
  rule,
  onDone,
}: {
  types: SimopsRules['types'];
  rule: Rule | null;
  onDone: () => void;
}) {
  const t = useCaptions();
  const save = useSetSimopsRule();
  const [first, setFirst] = useState(rule ? String(rule.first.ID) : '');
  const [second, setSecond] = useState(rule ? String(rule.second.ID) : '');
  const [mode, setMode] = useState<SimopsMode>(rule?.mode ?? 'block');
  const [problem, setProblem] = useState<string | null>(null);
  const fields = refusedFieldsOf(save.error);
  const title = rule
    ? t(L.changeRule, { pair: t(L.pair, { first: rule.first.code, second: rule.second.code }) })
    : t(L.addRule);
  const options = [
    { value: '', label: '—' },
    ...types.map((type) => ({ value: String(type.ID), label: t(L.typeOption, { code: type.code, name: type.name }) })),
  ];
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!first || !second) return setProblem(t(L.pickTypes));
    setProblem(null);
    save.mutate({ firstTypeId: Number(first), secondTypeId: Number(second), mode }, { onSuccess: onDone });
  };
  const unplaced = save.isError && !fields.firstTypeId && !fields.secondTypeId && !fields.mode;
  return (
    <form className={`${classes.card} ${classes.form}`} onSubmit={submit} noValidate aria-label={title}>
      <h3 className={classes.title}>{title}</h3>
      <NativeSelect
        label={t(L.firstType)}
        size="md"
        required
        disabled={rule !== null}
        data={options}
        value={first}
        error={fields.firstTypeId ?? (problem && !first ? problem : undefined)}
        onChange={(e) => setFirst(e.currentTarget.value)}
      />
      <NativeSelect
        label={t(L.secondType)}
        size="md"
        required
        disabled={rule !== null}
        data={options}
        value={second}
        error={fields.secondTypeId ?? (problem && !second ? problem : undefined)}
        onChange={(e) => setSecond(e.currentTarget.value)}
      />
      <NativeSelect
        label={t(L.mode)}
        size="md"
        required
        data={simopsModes.map((m) => ({ value: m, label: t(simopsModeCaptions[m]) }))}
        value={mode}
        error={fields.mode}
        onChange={(e) => setMode(e.currentTarget.value as SimopsMode)}
      />
      {unplaced && (
        <Alert color="red" variant="light" role="alert">
          {t(L.failed, { reason: reasonOf(save.error) })}
        </Alert>
      )}
      <Group grow>
        <Button variant="default" className={classes.touch} onClick={onDone}>
          {t(B.cancel)}
        </Button>
        <Button type="submit" className={classes.touch} loading={save.isPending}>
          {rule ? t(B.save) : t(B.add)}
        </Button>
      </Group>
    </form>
  );
}
