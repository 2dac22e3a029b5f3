import { useState } from 'react';
import { Button } from '@mantine/core';
import { settingsTableButtons, settingsTableLabels, settingsTableMessages, type SettingEntry } from '@hasp/contracts';
import { useCaptions } from '../../../lib/i18n';
import { useSessionContext } from '../../../lib/session-context';
import { secretStateOf } from '../setting-display';
import { SettingValueEditor } from './SettingValueEditor';
import classes from '../AdminSettings.module.css';

/** The settings as a table (cards on phones), each value editable in place. */
export function SettingsTable({ entries }: { entries: SettingEntry[] }) {
  const t = useCaptions();
  const [editing, setEditing] = useState<string | null>(null);
  const [savedKey, setSavedKey] = useState<string | null>(null);
  // Connection-wide settings (SSO, directory, password policy) need a connection grant; the server refuses without it.
  const mayChangeConnection = useSessionContext().data?.permissions.includes('connection:settings') ?? false;

  const shown = (value: SettingEntry['value'] | null) => {
    if (value === null) return t(settingsTableLabels.noDefault);
    if (typeof value === 'boolean') return t(value ? settingsTableLabels.on : settingsTableLabels.off);
    return value === '' ? t(settingsTableLabels.empty) : String(value);
  };

  const finish = (key: string, saved: boolean) => {
    setEditing(null);
    setSavedKey(saved ? key : null);
    // Back to the row's Edit button, so keyboard users keep their place.
    requestAnimationFrame(() => document.getElementById(`edit-${key}`)?.focus());
  };

  return (
    <>
      <p role="status" className={classes.savedNote}>
        {savedKey ? t(settingsTableMessages.saved, { key: savedKey }) : ''}
      </p>
      <table className={classes.table}>
        <caption className={classes.visuallyHidden}>{t(settingsTableLabels.caption)}</caption>
        <thead>
          <tr>
            <th scope="col">{t(settingsTableLabels.setting)}</th>
            <th scope="col">{t(settingsTableLabels.scope)}</th>
            <th scope="col">{t(settingsTableLabels.type)}</th>
            <th scope="col">{t(settingsTableLabels.default)}</th>
            <th scope="col">{t(settingsTableLabels.value)}</th>
          </tr>
        </thead>
        <tbody>
          {entries.map((entry) => {
            const secret = secretStateOf(entry);
            return (
              <tr key={entry.key} data-setting={entry.key}>
                <td>
                  <div className={classes.key}>{entry.key}</div>
                  <p className={classes.description}>{entry.description}</p>
                </td>
                <td data-label={t(settingsTableLabels.scope)}>
                  {t(entry.scope === 'connection' ? settingsTableLabels.connection : settingsTableLabels.facility)}
                </td>
                <td data-label={t(settingsTableLabels.type)}>{t(settingsTableLabels[entry.type])}</td>
                <td data-label={t(settingsTableLabels.default)}>{shown(entry.default)}</td>
                <td data-label={t(settingsTableLabels.value)} className={classes.value}>
                  {editing === entry.key ? (
                    <SettingValueEditor entry={entry} onDone={(saved) => finish(entry.key, saved)} />
                  ) : (
                    <div className={classes.editorActions}>
                      <strong>{secret ? t(settingsTableLabels[secret]) : shown(entry.value)}</strong>
                      {entry.scope === 'connection' && !mayChangeConnection ? (
                        <p className={classes.description}>{t(settingsTableLabels.connectionOnly)}</p>
                      ) : (
                        <Button
                          id={`edit-${entry.key}`}
                          size="compact-xs"
                          variant="light"
                          aria-label={t(settingsTableButtons['edit::row'], { key: entry.key })}
                          onClick={() => {
                            setSavedKey(null);
                            setEditing(entry.key);
                          }}
                        >
                          {t(settingsTableButtons.edit)}
                        </Button>
                      )}
                    </div>
                  )}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </>
  );
}
