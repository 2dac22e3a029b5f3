import { useState } from 'react';
import { Alert, Button, Center, Loader, Switch } from '@mantine/core';
import {
  permissionRightNavDescriptions,
  securityListsButtons,
  securityListsLabels,
  securityListsMessages,
  securityListsTitles,
  type SecurityListItem,
} from '@hasp/contracts';
import { useCaptions } from '../../../lib/i18n';
import { showToast } from '../../../lib/toast';
import { useSecurityLists } from '../api/get-security-lists';
import { reasonOf } from '../../../lib/send-form';
import { useSaveSecurityLists } from '../api/save-security-lists';
import classes from '../SecurityLists.module.css';
import { SaveBar } from '../../../components/SaveBar';

/** The features by right-nav group, single entries last (as the right nav shows them). */
function sectionsOf(items: SecurityListItem[]): { key: string; title: string | null; items: SecurityListItem[] }[] {
  const sections = new Map<string, { key: string; title: string | null; items: SecurityListItem[] }>();
  for (const item of items) {
    const key = item.group ?? 'single';
    const section = sections.get(key) ?? { key, title: item.group, items: [] };
    section.items.push(item);
    sections.set(key, section);
  }
  const all = [...sections.values()];
  return [...all.filter((s) => s.title !== null), ...all.filter((s) => s.title === null)];
}

/** One switch per right-nav feature of the facility, each with what it controls; saved together. */
export function SecurityLists() {
  const t = useCaptions();
  const lists = useSecurityLists();
  if (lists.isPending) {
    return (
      <Center py="xl">
        <Loader aria-label={t(securityListsTitles.childPage)} />
      </Center>
    );
  }
  if (lists.isError) {
    return (
      <Alert color="red" variant="light" title={t(securityListsMessages.loadFailed)}>
        <Button variant="default" mt="xs" onClick={() => void lists.refetch()}>
          {t(securityListsButtons.retry)}
        </Button>
      </Alert>
    );
  }
  return <SecurityListsForm saved={lists.data} />;
}

function SecurityListsForm({ saved }: { saved: SecurityListItem[] }) {
  const t = useCaptions();
  const save = useSaveSecurityLists();
  const [draft, setDraft] = useState<Record<string, boolean>>(() =>
    Object.fromEntries(saved.map((i) => [i.feature, i.enabled])),
  );
  const changed = saved.filter((i) => draft[i.feature] !== i.enabled);
  const l = securityListsLabels;

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        save.mutate(
          { features: changed.map((i) => ({ feature: i.feature, enabled: draft[i.feature] === true })) },
          {
            onSuccess: () =>
              showToast({
                title: t(securityListsTitles.childPage),
                message: t(securityListsMessages.saved),
                tone: 'success',
              }),
          },
        );
      }}
    >
      <div className={classes.sections}>
        {sectionsOf(saved).map((section) => (
          <fieldset key={section.key} className={classes.fieldset}>
            <legend className={classes.legend}>{section.title ?? t(l.singleEntry)}</legend>
            <div className={classes.switches}>
              {section.items.map((item) => {
                const description = t(permissionRightNavDescriptions[item.feature]);
                // Described apart from the label: Mantine puts a description inside the label, in the name.
                const descriptionId = `security-lists-${item.feature}-description`;
                return (
                  <div key={item.feature} className={classes.feature}>
                    <Switch
                      label={item.entry}
                      aria-describedby={descriptionId}
                      checked={draft[item.feature] === true}
                      disabled={item.locked}
                      onChange={(event) => {
                        const on = event.currentTarget.checked;
                        setDraft((current) => ({ ...current, [item.feature]: on }));
                      }}
                      data-feature={item.feature}
                    />
                    <p id={descriptionId} className={classes.description}>
                      {item.locked ? `${description} ${t(l.lockedOn)}` : description}
                    </p>
                  </div>
                );
              })}
            </div>
          </fieldset>
        ))}
        <SaveBar
          failure={save.isError ? t(securityListsMessages.saveFailed, { reason: reasonOf(save.error) }) : null}
          dirty={changed.length > 0}
          saving={save.isPending}
          canSave={changed.length > 0}
          labels={{
            unsaved: t(l.unsaved),
            discard: t(securityListsButtons.discard),
            save: t(securityListsButtons.save),
          }}
          onDiscard={() => {
            save.reset();
            setDraft(Object.fromEntries(saved.map((i) => [i.feature, i.enabled])));
          }}
        />
      </div>
    </form>
  );
}
