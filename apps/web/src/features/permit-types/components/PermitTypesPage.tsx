import { useState } from 'react';
import { Button, Group } from '@mantine/core';
import { Link } from 'react-router';
import {
  gasConfigButtons,
  permitTypesButtons,
  permitTypesLabels,
  permitTypesTitles,
  simopsRulesButtons,
} from '@hasp/contracts';
import { Page } from '../../../components/Page';
import { RightNavGate } from '../../../components/RightNavGate';
import { useCaptions } from '../../../lib/i18n';
import { SidebarChangeContext } from '../api/send-change';
import { DeleteGroupDialog } from './DeleteGroupDialog';
import { GroupDialog } from './GroupDialog';
import type { Editing } from './editing';
import { PermitTypesList } from './PermitTypesList';
import { TypeDialog } from './TypeDialog';

interface PermitTypesPageProps {
  /** Called after every saved change: the app refreshes the left sidebar. */
  onSidebarChange: () => void;
}

/** `/admin/permit-types` (Administrator › Permit types): permit groups and types, in sidebar order. */
export function PermitTypesPage({ onSidebarChange }: PermitTypesPageProps) {
  const t = useCaptions();
  const title = t(permitTypesTitles.page);
  const childTitle = t(permitTypesTitles.childPage);
  const [editing, setEditing] = useState<Editing>(null);
  const close = () => setEditing(null);
  return (
    <SidebarChangeContext value={onSidebarChange}>
      <RightNavGate id="administrator" title={title} childTitle={childTitle}>
        <Page
          title={title}
          childTitle={childTitle}
          lead={t(permitTypesLabels.lead)}
          actions={
            <Group gap="sm">
              {/* The gas parameters and instruments the types' gas tests use (features/gas-tests). */}
              <Button variant="subtle" component={Link} to="/admin/gas-tests">
                {t(gasConfigButtons.open)}
              </Button>
              {/* Which pairs of these types may work in the same area at once (features/simops). */}
              <Button variant="subtle" component={Link} to="/admin/simops-rules">
                {t(simopsRulesButtons.open)}
              </Button>
              <Button variant="default" onClick={() => setEditing({ kind: 'group', group: null })}>
                {t(permitTypesButtons.newGroup)}
              </Button>
              <Button onClick={() => setEditing({ kind: 'type', type: null, groupId: null })}>
                {t(permitTypesButtons.newType)}
              </Button>
            </Group>
          }
        >
          <PermitTypesList onEdit={setEditing} />
          <GroupDialog
            group={editing?.kind === 'group' ? editing.group : null}
            opened={editing?.kind === 'group'}
            onClose={close}
          />
          <TypeDialog
            opened={editing?.kind === 'type'}
            type={editing?.kind === 'type' ? editing.type : null}
            groupId={editing?.kind === 'type' ? editing.groupId : null}
            onClose={close}
          />
          <DeleteGroupDialog group={editing?.kind === 'delete' ? editing.group : null} onClose={close} />
        </Page>
      </RightNavGate>
    </SidebarChangeContext>
  );
}
