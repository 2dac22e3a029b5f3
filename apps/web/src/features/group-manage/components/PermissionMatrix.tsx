import { useMemo, useState } from 'react';
import { Alert, Checkbox, Stack } from '@mantine/core';
import {
  groupManageButtons,
  groupManageLabels,
  groupManageMessages,
  groupManageTitles,
  lotoPermissions,
  permissionLotoDescriptions,
  permissionLotoLabels,
  permissionPermitActionDescriptions,
  permissionPermitActionLabels,
  permissionRightNavDescriptions,
  type GroupSummary,
  type PermissionCatalogueEntry,
} from '@hasp/contracts';
import { useCaptions, type Translate } from '../../../lib/i18n';
import { showToast } from '../../../lib/toast';
import { useSaveGroupPermissions } from '../api/group-permissions';
import { reasonOf } from '../api/send-change';
import { permissionSections, samePermissions, type PermissionSection } from '../permission-sections';
import classes from '../GroupManage.module.css';
import { SaveBar } from '../../../components/SaveBar';

interface PermissionMatrixProps {
  group: GroupSummary;
  catalogue: PermissionCatalogueEntry[];
  /** What the group grants now (as saved). */
  saved: string[];
  /** What the signed-in user holds: only these can be granted. */
  held: string[];
}

const isLoto = (permission: string): permission is (typeof lotoPermissions)[number] =>
  (lotoPermissions as readonly string[]).includes(permission);

function labelOf(entry: PermissionCatalogueEntry, t: Translate): string {
  if (isLoto(entry.permission)) return t(permissionLotoLabels[entry.permission]);
  return entry.action ? t(permissionPermitActionLabels[entry.action]) : entry.label;
}

function descriptionOf(entry: PermissionCatalogueEntry, t: Translate): string {
  if (entry.rightNavId) return t(permissionRightNavDescriptions[entry.rightNavId]);
  if (isLoto(entry.permission)) return t(permissionLotoDescriptions[entry.permission]);
  if (entry.action && entry.permitType) {
    return t(permissionPermitActionDescriptions[entry.action], { type: entry.permitType.name });
  }
  return entry.description;
}

/**
 * The group's permissions: right-nav entries by menu group, then each permit type's actions, each
 * with what it lets a member do. The server's rules show here too: your own group is read-only and
 * a permission you do not hold cannot be ticked. A refused save keeps every tick as it was.
 */
export function PermissionMatrix({ group, catalogue, saved, held }: PermissionMatrixProps) {
  const t = useCaptions();
  const save = useSaveGroupPermissions();
  const [draft, setDraft] = useState<string[]>(saved);
  const sections = useMemo(() => permissionSections(catalogue), [catalogue]);
  const heldSet = useMemo(() => new Set(held), [held]);
  const readOnly = group.isCallerMember;
  const dirty = !samePermissions(draft, saved);
  const l = groupManageLabels;

  const toggle = (permission: string, on: boolean) =>
    setDraft((current) => (on ? [...current, permission] : current.filter((p) => p !== permission)));

  const renderSection = (section: PermissionSection, title: string) => (
    <fieldset key={section.key} className={classes.fieldset}>
      <legend className={classes.legend}>{title}</legend>
      <div className={classes.checks}>
        {section.entries.map((entry) => {
          // Granting needs holding it; taking away (or keeping) a grant the group already has does not.
          const grantable = heldSet.has(entry.permission) || saved.includes(entry.permission);
          const description = descriptionOf(entry, t);
          return (
            <Checkbox
              key={entry.permission}
              label={labelOf(entry, t)}
              description={grantable ? description : `${description} ${t(l.notHeld)}`}
              checked={draft.includes(entry.permission)}
              disabled={readOnly || !grantable}
              onChange={(event) => toggle(entry.permission, event.currentTarget.checked)}
              data-permission={entry.permission}
            />
          );
        })}
      </div>
    </fieldset>
  );

  return (
    <Stack gap="md">
      {readOnly && (
        <Alert color="blue" variant="light">
          {t(l.ownGroup)}
        </Alert>
      )}
      <h3 className={classes.matrixHeading}>{t(groupManageTitles.rightNav)}</h3>
      {sections.rightNav.map((section) => renderSection(section, section.title ?? t(l.singleEntry)))}
      {sections.permitTypes.length > 0 && <h3 className={classes.matrixHeading}>{t(groupManageTitles.permitTypes)}</h3>}
      {sections.permitTypes.map((section) => renderSection(section, section.title ?? section.key))}
      {sections.loto.entries.length > 0 && (
        <>
          <h3 className={classes.matrixHeading}>{t(groupManageTitles.loto)}</h3>
          {renderSection(sections.loto, t(groupManageTitles.loto))}
        </>
      )}
      {!readOnly && (
        <SaveBar
          failure={save.isError ? t(groupManageMessages.saveFailed, { reason: reasonOf(save.error) }) : null}
          dirty={dirty}
          saving={save.isPending}
          canSave={dirty}
          labels={{
            unsaved: t(l.unsaved),
            discard: t(groupManageButtons.discard),
            save: t(groupManageButtons.savePermissions),
          }}
          onDiscard={() => {
            save.reset();
            setDraft(saved);
          }}
          onSave={() =>
            save.mutate(
              { groupId: group.ID, permissions: draft },
              {
                onSuccess: (result) => {
                  setDraft(result.permissions);
                  showToast({ title: group.name, message: t(groupManageMessages.permissionsSaved), tone: 'success' });
                },
              },
            )
          }
        />
      )}
    </Stack>
  );
}
