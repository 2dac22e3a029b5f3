import { useEffect, useRef, useState } from 'react';
import { Button } from '@mantine/core';
import { shellPlatform } from '@hasp/contracts';
import { translate } from '../lib/i18n';
import { applyUpdate } from './apply-update';
import classes from './UpdateDialog.module.css';

/**
 * The seed's 'Update Available' dialog: one 'Refresh' button and no way to dismiss it (no cancel, no
 * close button, not Escape, not a click outside). A native modal dialog: the browser keeps focus
 * inside and the page behind inert. Loaded only when a new version is waiting.
 */
export default function UpdateDialog() {
  const ref = useRef<HTMLDialogElement>(null);
  const [refreshing, setRefreshing] = useState(false);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const open = () => {
      if (!dialog.open) dialog.showModal();
    };
    open();
    // Escape asks to cancel (refused below); should the browser close it anyway, it comes back.
    const refuse = (event: Event) => event.preventDefault();
    dialog.addEventListener('cancel', refuse);
    dialog.addEventListener('close', open);
    return () => {
      dialog.removeEventListener('cancel', refuse);
      dialog.removeEventListener('close', open);
    };
  }, []);

  return (
    <dialog ref={ref} className={classes.dialog} aria-labelledby="update-available-title">
      <h2 id="update-available-title" className={classes.title}>
        {translate(shellPlatform.updateTitle)}
      </h2>
      <p className={classes.message}>{translate(shellPlatform.updateMessage)}</p>
      <div className={classes.actions}>
        <Button
          loading={refreshing}
          onClick={() => {
            setRefreshing(true);
            applyUpdate();
          }}
        >
          {translate(shellPlatform.refresh)}
        </Button>
      </div>
    </dialog>
  );
}
