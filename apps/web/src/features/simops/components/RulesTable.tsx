import { Alert, Button, Group } from '@mantine/core';
import { simopsModeCaptions, simopsRulesButtons as B, simopsRulesLabels as L, type SimopsRules } from '@hasp/contracts';
import { useCaptions } from '../../../lib/i18n';
import { reasonOf } from '../../../lib/send-form';
import { useSetSimopsRule } from '../api/simops-rules';
import classes from '../Simops.module.css';

type Rule = SimopsRules['rules'][number];

/** The facility's rules, one row per pair: Change opens the form, Remove sets the pair to none. */
export function RulesTable({ rules, onChange }: { rules: Rule[]; onChange: (rule: Rule) => void }) {
  const t = useCaptions();
  const remove = useSetSimopsRule();
  if (!rules.length) return <p>{t(L.none)}</p>;
  const pairOf = (rule: Rule) => t(L.pair, { first: rule.first.code, second: rule.second.code });
  const typeText = (type: Rule['first']) => t(L.typeOption, { code: type.code, name: type.name });
  return (
    <>
      <table className={classes.table}>
        <thead>
          <tr>
            <th scope="col">{t(L.firstType)}</th>
            <th scope="col">{t(L.secondType)}</th>
            <th scope="col">{t(L.mode)}</th>
            <th scope="col">{t(L.actions)}</th>
          </tr>
        </thead>
        <tbody>
          {rules.map((rule) => (
            <tr key={`${rule.first.ID}-${rule.second.ID}`}>
              <td data-label={t(L.firstType)}>{typeText(rule.first)}</td>
              <td data-label={t(L.secondType)}>{typeText(rule.second)}</td>
              <td data-label={t(L.mode)}>
                <span className={classes[rule.mode]}>{t(simopsModeCaptions[rule.mode])}</span>
              </td>
              <td data-label={t(L.actions)}>
                <Group gap="xs" wrap="nowrap">
                  <Button
                    variant="default"
                    className={classes.touch}
                    aria-label={t(L.changeRule, { pair: pairOf(rule) })}
                    onClick={() => onChange(rule)}
                  >
                    {t(B.change)}
                  </Button>
                  <Button
                    variant="subtle"
                    color="red"
                    className={classes.touch}
                    aria-label={`${t(B.remove)} ${pairOf(rule)}`}
                    loading={
                      remove.isPending &&
                      remove.variables.firstTypeId === rule.first.ID &&
                      remove.variables.secondTypeId === rule.second.ID
                    }
                    onClick={() =>
                      remove.mutate({ firstTypeId: rule.first.ID, secondTypeId: rule.second.ID, mode: 'none' })
                    }
                  >
                    {t(B.remove)}
                  </Button>
                </Group>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {remove.isError && (
        <Alert color="red" variant="light" role="alert">
          {t(L.removeFailed, { reason: reasonOf(remove.error) })}
        </Alert>
      )}
    </>
  );
}
