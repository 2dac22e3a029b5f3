import { showTimesIn } from '../../../lib/date-time';
import { Alert, Button, Center, Group, Loader, Tabs, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { Fragment, useEffect, useRef, useState } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { permitFieldCaptions, permitsButtons, permitsLabels, permitsMessages, type Permit } from '@hasp/contracts';
import { ApiRequestError } from '../../../lib/http';
import { useCaptions } from '../../../lib/i18n';
import { useNetwork } from '../../../lib/network-state';
import { fieldErrorsOf, reasonOf } from '../../../lib/send-form';
import { showToast } from '../../../lib/toast';
import { fetchPermit, usePermit } from '../api/get-permit';
import { permitKeys } from '../api/keys';
import { isStale, usePermitCommand } from '../api/send-command';
import {
  changedElsewhere,
  changedFields,
  isDirty,
  permitFieldLabels,
  reapplyEdits,
  toEditBody,
  valuesFromPermit,
  windowProblem,
  type PermitFormValues,
} from '../model/permit-form';
import { outletSection, sectionsFor, type PermitSectionEntry } from '../model/permit-sections';
import { passLeaveGuard } from '../model/leave-guard';
import { tabOfUrl, withTab } from '../model/tab-in-url';
import classes from '../Permits.module.css';
import { CommandBar } from './CommandBar';
import { ConflictPanel } from './ConflictPanel';
import { HistoryTab } from './HistoryTab';
import { LeaveGuard } from './LeaveGuard';
import { PermitForm } from './PermitForm';
import { PermitHeader, PermitPeopleAndPlaces } from './PermitHeader';
import { SsoSigningReturn, isSigningReturn } from './SsoSigningReturn';
import { NotStoredOffline, OfflinePermitNotice } from '../offline/OfflinePermitNotice';
import { useOfflinePermitSource } from '../offline/use-offline-permit';
import { savedOnDevice } from '../offline/saved-on-device';

/** `/Permit/Edit/:id`: the permit, its next steps, its core fields while they may change, its history. */
export function PermitEdit({
  permitId,
  sections = [],
}: {
  permitId: number;
  /** The sections other features bring (app/ composes them); shown when the type enables them. */
  sections?: readonly PermitSectionEntry[];
}) {
  const t = useCaptions();
  const { networkOnline } = useNetwork();
  // Offline (or a permit made on this device) the same page reads and changes the stored copy.
  useOfflinePermitSource();
  const permit = usePermit(permitId, { live: true });
  if (permit.isPending)
    return (
      <Center py="xl">
        <Loader aria-label={t(permitsLabels.loadingPermit)} />
      </Center>
    );
  if (permit.isError) {
    const missing = permit.error instanceof ApiRequestError && [403, 404].includes(permit.error.status);
    // Offline with no copy on this device: the user stays here (the page opens when the network is back).
    if (missing && !networkOnline) return <NotStoredOffline />;
    return (
      <Alert color="red" variant="light" role="alert">
        {missing ? t(permitsLabels.notFound) : reasonOf(permit.error)}
      </Alert>
    );
  }
  // Before its sections draw: every time on the permit's screens is said in its facility's zone.
  showTimesIn(permit.data.timeZone);
  return <PermitView permit={permit.data} sections={sections} />;
}

interface Editing {
  /** The values as last read from the server, and that version: a save sends If-Match with it. */
  base: PermitFormValues;
  version: number;
  values: PermitFormValues;
}

const editingOf = (permit: Permit): Editing => {
  const base = valuesFromPermit(permit);
  return { base, version: permit.version, values: base };
};

function PermitView({ permit, sections }: { permit: Permit; sections: readonly PermitSectionEntry[] }) {
  const t = useCaptions();
  const client = useQueryClient();
  const save = useSaveEdit(permit.ID);
  const [editing, setEditing] = useState<Editing>(() => editingOf(permit));
  const [conflict, setConflict] = useState<Permit | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const dirty = isDirty(editing.base, editing.values);

  // A newer permit from the server (a command, a reload) becomes the form's base unless the user
  // has edits in it: those are never overwritten behind their back.
  const lastVersion = useRef(permit.version);
  useEffect(() => {
    if (permit.version === lastVersion.current) return;
    lastVersion.current = permit.version;
    setEditing((current) => (isDirty(current.base, current.values) ? current : editingOf(permit)));
    // Someone else's command shows in the history too.
    void client.invalidateQueries({ queryKey: permitKeys.history(permit.ID) });
  }, [permit, client]);

  const editable = permit.allowedCommands.includes('edit');
  const reloadAfterStale = async () => {
    const latest = await fetchPermit(permit.ID);
    setConflict(latest);
  };
  const onSave = () => {
    const windowError = windowProblem(editing.values, null, t);
    if (!editing.values.title.trim()) return setProblem(t(permitsMessages.titleRequired));
    if (windowError) return setProblem(windowError);
    setProblem(null);
    save.mutate(
      { values: editing.values, version: editing.version },
      {
        onSuccess: (saved) => {
          setConflict(null);
          setEditing(editingOf(saved));
          const what = changedFields(editing.base, editing.values).map((f) => t(permitFieldLabels[f]));
          // Kept on the device only: its own toast said "Saved offline", never "saved".
          if (savedOnDevice(saved)) return;
          showToast({
            title: saved.number,
            message: t(permitsMessages.saved, { fields: what.join(', ') }),
            tone: 'success',
          });
        },
        onError: (error) => {
          if (isStale(error)) void reloadAfterStale();
        },
      },
    );
  };
  const reapply = () => {
    if (!conflict) return;
    const latest = valuesFromPermit(conflict);
    setEditing({ base: latest, version: conflict.version, values: reapplyEdits(editing.base, editing.values, latest) });
    client.setQueryData(permitKeys.permit(permit.ID), conflict);
    lastVersion.current = conflict.version;
    setConflict(null);
    save.reset();
  };
  const discard = () => {
    const latest = conflict ?? permit;
    client.setQueryData(permitKeys.permit(permit.ID), latest);
    lastVersion.current = latest.version;
    setEditing(editingOf(latest));
    setConflict(null);
    save.reset();
  };

  const shownSections = sectionsFor(permit, sections);
  const tabs = useOutletTabs(permit.ID, shownSections);
  const fieldErrors = save.isError && !isStale(save.error) ? fieldErrorsOf(save.error) : {};
  return (
    <>
      <LeaveGuard when={dirty} />
      <OfflinePermitNotice permit={permit} />
      <div className={classes.grid}>
        <PermitHeader permit={permit} />
        {/* The notices and the command bar share the header's row on a wide screen: a notice that
            arrives after the page (SIMOPS) moves the bar down within it, not to the next row. */}
        <div className={classes.besideHeader}>
          {shownSections.map(
            (entry) =>
              entry.notice && <Fragment key={entry.id}>{entry.notice(permit, () => tabs.select(entry.id))}</Fragment>,
          )}
          <CommandBar
            permit={permit}
            blockedBy={dirty ? t(permitsLabels.blockedByEdits) : null}
            onStale={() => void client.invalidateQueries({ queryKey: permitKeys.permit(permit.ID) })}
            sections={shownSections}
            onOpenTab={tabs.select}
            openTab={tabs.value}
          />
        </div>
        <SsoSigningReturn permit={permit} />
      </div>
      <Tabs value={tabs.value} onChange={tabs.select} keepMounted={false}>
        <Tabs.List className={classes.tabList}>
          <Tabs.Tab value="permit" className={classes.touch}>
            {t(permitsLabels.tabPermit)}
          </Tabs.Tab>
          {shownSections.map((entry) => (
            <Tabs.Tab key={entry.id} value={entry.id} className={classes.touch}>
              {t(entry.label)}
            </Tabs.Tab>
          ))}
          <Tabs.Tab value="history" className={classes.touch}>
            {t(permitsLabels.tabHistory)}
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="permit" pt="md">
          <div className={classes.grid}>
            <section className={classes.card} aria-labelledby="permit-details">
              <h2 id="permit-details" className={classes.cardTitle}>
                {t(permitsLabels.details)}
              </h2>
              {editable ? (
                <>
                  {permit.status === 'approved' && (
                    <Alert color="yellow" variant="light" mb="md">
                      {t(permitsLabels.approvedWarning)}
                    </Alert>
                  )}
                  {changedElsewhere(dirty, permit.version, editing.version, conflict !== null) && (
                    <Alert color="yellow" variant="light" role="status" mb="md">
                      <strong>{t(permitsMessages.changedTitle)}</strong> {t(permitsMessages.changedBody)}
                    </Alert>
                  )}
                  {conflict && (
                    <ConflictPanel
                      base={editing.base}
                      mine={editing.values}
                      latest={valuesFromPermit(conflict)}
                      onReapply={reapply}
                      onDiscard={discard}
                    />
                  )}
                  <PermitForm
                    values={editing.values}
                    onChange={(values) => setEditing((current) => ({ ...current, values }))}
                    maxValidityHours={null}
                    errors={{ ...fieldErrors, ...(problem ? { plannedEnd: problem } : {}) }}
                    hazardRiskLevel={
                      permit.permitType.sections.includes('hazard-analysis') ? permit.riskLevel : undefined
                    }
                    disabled={save.isPending}
                  />
                  {save.isError && !isStale(save.error) && Object.keys(fieldErrors).length === 0 && (
                    <Alert color="red" variant="light" role="alert" mt="md">
                      {t(permitsMessages.notSaved, { reason: reasonOf(save.error) })}
                    </Alert>
                  )}
                  <Group mt="lg" justify="flex-end">
                    {dirty && (
                      <Button variant="default" size="md" className={classes.touch} onClick={discard}>
                        {t(permitsButtons.discardEdits)}
                      </Button>
                    )}
                    <Button
                      size="md"
                      className={classes.touch}
                      disabled={!dirty || conflict !== null}
                      loading={save.isPending}
                      onClick={onSave}
                    >
                      {t(permitsButtons.save)}
                    </Button>
                  </Group>
                </>
              ) : (
                <dl className={classes.facts}>
                  <dt>{t(permitFieldCaptions.description)}</dt>
                  <dd>{permit.description || '—'}</dd>
                  <dt>{t(permitFieldCaptions.workMethod)}</dt>
                  <dd>{permit.workMethod || '—'}</dd>
                </dl>
              )}
            </section>
            <div className={classes.grid} style={{ gridTemplateColumns: 'minmax(0, 1fr)' }}>
              <PermitPeopleAndPlaces permit={permit} />
            </div>
          </div>
        </Tabs.Panel>
        {shownSections.map((entry) => (
          <Tabs.Panel key={entry.id} value={entry.id} pt="md">
            {entry.render(permit)}
          </Tabs.Panel>
        ))}
        <Tabs.Panel value="history" pt="md">
          <HistoryTab permitId={permit.ID} />
        </Tabs.Panel>
      </Tabs>
      {permit.voidedAt && (
        <Text c="red" fw={600}>
          {t(permitsLabels.void, { reason: permit.voidReason ?? '' })}
        </Text>
      )}
    </>
  );
}

/**
 * The selected tab: a section with an outlet (attachments) is selected by its URL,
 * `/Permit/Edit/:id/<outlet>`, and selecting it goes there; the other tabs live in the page's state,
 * mirrored in `?tab=` (tab-in-url), and, from an outlet, go back to `/Permit/Edit/:id`. The page stays mounted either way (the layout
 * keys it without the outlet), so unsaved edits stay, and the move passes the leave guard.
 */
function useOutletTabs(permitId: number, sections: readonly PermitSectionEntry[]) {
  const navigate = useNavigate();
  const rest = useParams()['*'] ?? '';
  // Back from signing at the identity provider: the Approvals section, where the signature shows.
  const [search, setSearch] = useSearchParams();
  const [local, setLocal] = useState(() =>
    isSigningReturn(search) && sections.some((e) => e.id === 'approvals')
      ? 'approvals'
      : tabOfUrl(search.get('tab'), sections),
  );
  const outlet = outletSection(sections, rest);
  const inPage = (value: string) => !sections.some((e) => e.id === value && e.outlet);
  const moveState = { state: { ...passLeaveGuard, skipLoader: true } };
  const go = (path: string) => navigate(path, moveState);
  return {
    value: outlet?.id ?? (inPage(local) ? local : 'permit'),
    select: (value: string | null) => {
      if (value === null) return;
      const entry = sections.find((e) => e.id === value && e.outlet);
      if (entry) return void go(`/Permit/Edit/${permitId}/${entry.outlet}`);
      setLocal(value);
      const query = withTab(outlet ? new URLSearchParams() : search, value).toString();
      if (outlet) void go(`/Permit/Edit/${permitId}${query ? `?${query}` : ''}`);
      // Replaced, not pushed: Back leaves the permit rather than stepping through its tabs.
      else setSearch(withTab(search, value), { replace: true, ...moveState });
    },
  };
}

/** The `edit` command with the form's values and the version they were read at. */
function useSaveEdit(permitId: number) {
  const command = usePermitCommand(permitId);
  const key = useRef<{ sent: string; key: string } | null>(null);
  return {
    ...command,
    mutate: (
      { values, version }: { values: PermitFormValues; version: number },
      options: Parameters<typeof command.mutate>[1],
    ) => {
      // The same save sent again (a double tap, a retry) reuses its key and applies once; a
      // different body or version is a new save with a new key.
      const body = toEditBody(values);
      const sent = `${version}:${JSON.stringify(body)}`;
      if (key.current?.sent !== sent) key.current = { sent, key: crypto.randomUUID() };
      command.mutate({ verb: 'edit', body, version, idempotencyKey: key.current.key }, options);
    },
  };
}
