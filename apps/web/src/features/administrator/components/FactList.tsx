import type { ReactNode } from 'react';
import classes from '../Administrator.module.css';

/** Named facts as a description list: a term and its value per row, two columns when there is room. */
export function FactList({
  facts,
  label,
}: {
  facts: { term: string; value: ReactNode; id?: string }[];
  label: string;
}) {
  return (
    <dl className={classes.facts} aria-label={label}>
      {facts.map((fact) => (
        <div key={fact.term} className={classes.fact} data-fact={fact.id}>
          <dt>{fact.term}</dt>
          <dd>{fact.value}</dd>
        </div>
      ))}
    </dl>
  );
}
