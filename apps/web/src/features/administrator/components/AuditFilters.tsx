import { Button, NativeSelect, TextInput } from '@mantine/core';
import { administratorButtons, administratorLabels, auditScopes, type AuditFacets } from '@hasp/contracts';
import { useCaptions } from '../../../lib/i18n';
import { emptyAuditFilters, type AuditFilterValues } from '../audit-filters';
import classes from '../Administrator.module.css';

interface AuditFiltersProps {
  values: AuditFilterValues;
  facets: AuditFacets | undefined;
  onChange: (values: AuditFilterValues) => void;
}

/** The audit log's filters; each change applies at once. */
export function AuditFilters({ values, facets, onChange }: AuditFiltersProps) {
  const t = useCaptions();
  const l = administratorLabels;
  const set = (key: keyof AuditFilterValues) => (event: { currentTarget: { value: string } }) =>
    onChange({ ...values, [key]: event.currentTarget.value });
  const any = { value: '', label: t(l.any) };
  const withCurrent = (options: string[], current: string) =>
    current && !options.includes(current) ? [...options, current] : options;
  return (
    <form
      role="search"
      aria-label={t(l.filters)}
      className={classes.filters}
      onSubmit={(event) => event.preventDefault()}
    >
      <TextInput
        type="date"
        label={t(l.from)}
        value={values.fromDate}
        onChange={set('fromDate')}
        max={values.toDate || undefined}
      />
      <TextInput
        type="date"
        label={t(l.to)}
        value={values.toDate}
        onChange={set('toDate')}
        min={values.fromDate || undefined}
      />
      <NativeSelect
        label={t(l.user)}
        value={values.userId}
        onChange={set('userId')}
        data={[any, ...(facets?.users ?? []).map((u) => ({ value: String(u.ID), label: u.displayName }))]}
      />
      <NativeSelect
        label={t(l.action)}
        value={values.action}
        onChange={set('action')}
        data={[any, ...withCurrent(facets?.actions ?? [], values.action)]}
      />
      <NativeSelect
        label={t(l.entityType)}
        value={values.entityType}
        onChange={set('entityType')}
        data={[any, ...withCurrent(facets?.entityTypes ?? [], values.entityType)]}
      />
      <TextInput label={t(l.entityId)} value={values.entityId} onChange={set('entityId')} maxLength={100} />
      <NativeSelect
        label={t(l.scope)}
        value={values.scope}
        onChange={set('scope')}
        data={auditScopes.map((s) => ({ value: s, label: t(l[`scope::${s}`]) }))}
      />
      <div className={classes.filterActions}>
        <Button variant="default" onClick={() => onChange(emptyAuditFilters)}>
          {t(administratorButtons.clearFilters)}
        </Button>
      </div>
    </form>
  );
}
