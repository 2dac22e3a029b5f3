import { Button, Tabs } from '@mantine/core';
import { Link, useSearchParams } from 'react-router';
import { administratorLabels, administratorTitles, permitTypesLabels } from '@hasp/contracts';
import { RightNavGate } from '../../../components/RightNavGate';
import { Page } from '../../../components/Page';
import { useCaptions } from '../../../lib/i18n';
import { AuditSection } from './AuditSection';
import { ConnectionSection } from './ConnectionSection';
import { FacilitiesSection } from './FacilitiesSection';
import { HealthSection } from './HealthSection';
import classes from '../Administrator.module.css';

const sections = ['facilities', 'connection', 'health', 'audit'] as const;
type Section = (typeof sections)[number];

/** Route `/admin`: the administrator's home, for users with the Administrator right-nav entry. */
export function AdministratorPage() {
  const t = useCaptions();
  const title = t(administratorTitles.page);
  return (
    <RightNavGate id="administrator" title={title}>
      <Page
        title={title}
        lead={t(administratorLabels.lead)}
        actions={
          <Button
            component={Link}
            to="/admin/permit-types"
            variant="default"
            title={t(permitTypesLabels['openFromAdministrator::description'])}
          >
            {t(permitTypesLabels.openFromAdministrator)}
          </Button>
        }
      >
        <AdministratorSections />
      </Page>
    </RightNavGate>
  );
}

/** The four sections as tabs; the open one lives in the address (`?section=audit`), so reload and back keep it. */
function AdministratorSections() {
  const t = useCaptions();
  const [params, setParams] = useSearchParams();
  const asked = params.get('section');
  const section: Section = sections.includes(asked as Section) ? (asked as Section) : 'facilities';
  const open = (value: string | null) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (!value || value === 'facilities') next.delete('section');
        else next.set('section', value);
        return next;
      },
      { replace: true },
    );
  return (
    // Only the open section is mounted: each loads its data when it is first shown.
    <Tabs value={section} onChange={open} keepMounted={false} className={classes.tabs}>
      <Tabs.List aria-label={t(administratorLabels.sections)} className={classes.tabList}>
        {sections.map((s) => (
          <Tabs.Tab key={s} value={s}>
            {t(administratorTitles[s])}
          </Tabs.Tab>
        ))}
      </Tabs.List>
      <Tabs.Panel value="facilities" className={classes.panel}>
        <FacilitiesSection />
      </Tabs.Panel>
      <Tabs.Panel value="connection" className={classes.panel}>
        <ConnectionSection />
      </Tabs.Panel>
      <Tabs.Panel value="health" className={classes.panel}>
        <HealthSection />
      </Tabs.Panel>
      <Tabs.Panel value="audit" className={classes.panel}>
        <AuditSection />
      </Tabs.Panel>
    </Tabs>
  );
}
