import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { lockScanButtons as B, lockScanLabels as L, type Caption } from '@hasp/contracts';
import { useCaptions } from '../../../lib/i18n';
import classes from '../IsolationPlan.module.css';
import scan from './LockScan.module.css';

/** Why the camera gave no picture, as the caption that says so. */
export function cameraProblem(error: unknown): Caption {
  const name = error instanceof Error || error instanceof DOMException ? error.name : '';
  if (name === 'NotAllowedError' || name === 'SecurityError') return L.cameraRefused;
  if (name === 'NotFoundError' || name === 'OverconstrainedError' || name === 'NotSupportedError')
    return L.cameraAbsent;
  return L.cameraFailed;
}

interface ScanLockModalProps {
  /** The first QR code read (the modal stops the camera before it calls this). */
  onText: (text: string) => void;
  /** The camera is refused, absent or failed: the picker says so and stays. */
  onCameraProblem: (problem: Caption) => void;
  onCancel: () => void;
}

/**
 * The phone's back camera in a modal, reading the first QR code it sees. The reader
 * (@zxing/browser) is imported only now: it is not in the first bundle, and being bundled it works
 * offline. The camera stops when a code is read, on Cancel and when the modal goes.
 */
export function ScanLockModal({ onText, onCameraProblem, onCancel }: ScanLockModalProps) {
  const t = useCaptions();
  const [video, setVideo] = useState<HTMLVideoElement | null>(null);
  const [started, setStarted] = useState(false);
  // The parent's callbacks change each render; the camera starts once per video element.
  const callbacks = useRef({ onText, onCameraProblem });
  useEffect(() => {
    callbacks.current = { onText, onCameraProblem };
  });

  useEffect(() => {
    if (!video) return;
    let stop: (() => void) | undefined;
    let done = false;
    const finish = () => {
      done = true;
      stop?.();
    };
    void (async () => {
      try {
        if (!navigator.mediaDevices?.getUserMedia) throw new DOMException('No camera API', 'NotSupportedError');
        const { BrowserQRCodeReader } = await import('@zxing/browser');
        if (done) return;
        const controls = await new BrowserQRCodeReader().decodeFromConstraints(
          { video: { facingMode: { ideal: 'environment' } }, audio: false },
          video,
          (result) => {
            if (!result || done) return;
            finish();
            callbacks.current.onText(result.getText());
          },
        );
        stop = () => controls.stop();
        if (done) controls.stop();
        else setStarted(true);
      } catch (error) {
        if (!done) callbacks.current.onCameraProblem(cameraProblem(error));
      }
    })();
    return finish;
  }, [video]);

  return (
    <Modal opened onClose={onCancel} title={t(L.title)} centered withCloseButton={false}>
      <Stack gap="sm">
        <Text>{t(L.hint)}</Text>
        {!started && <Text c="dimmed">{t(L.starting)}</Text>}
        <video ref={setVideo} className={scan.video} aria-label={t(L.video)} muted playsInline />
        <Group justify="flex-end">
          <Button size="md" variant="default" className={classes.touch} onClick={onCancel}>
            {t(B.cancel)}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
