import { useState, type DragEvent, type FormEvent } from 'react';
import { Alert, Button, FileButton, Group, NativeSelect, Text, Title } from '@mantine/core';
import {
  IMPORT_MAX_BYTES,
  assetImportButtons,
  assetImportKindLabels,
  assetImportLabels,
  assetImportMessages,
  assetImportTitles,
  importKinds,
  type ImportFile,
  type ImportKind,
} from '@hasp/contracts';
import { ApiRequestError } from '../../../lib/http';
import { useCaptions } from '../../../lib/i18n';
import { useUploadImport } from '../api/upload-import';
import { formatBytes, formatOfName, kindFromFileName } from '../report';
import classes from '../AssetImport.module.css';

/** Chooses a file (button or drop) and, for a CSV, what it holds; uploads it and has it checked. */
export function UploadForm({ onUploaded }: { onUploaded: (file: ImportFile) => void }) {
  const t = useCaptions();
  const l = assetImportLabels;
  const m = assetImportMessages;
  const upload = useUploadImport();
  const [file, setFile] = useState<File | null>(null);
  const [kind, setKind] = useState<ImportKind | ''>('');
  const [fileError, setFileError] = useState<string | null>(null);
  const [kindError, setKindError] = useState<string | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [dragging, setDragging] = useState(false);
  const isCsv = file !== null && formatOfName(file.name) === 'csv';

  const choose = (chosen: File | null) => {
    setFile(chosen);
    setFileError(null);
    setRefusal(null);
    // A template keeps its name: "hasp-assets-template.csv" says what it holds.
    if (chosen && formatOfName(chosen.name) === 'csv') {
      const guessed = kindFromFileName(chosen.name, importKinds);
      if (guessed) {
        setKind(guessed);
        setKindError(null);
      }
    }
  };
  const drop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    const dropped = event.dataTransfer.files[0];
    if (dropped) choose(dropped);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setRefusal(null);
    if (!file) {
      setFileError(t(m.noFile));
      return;
    }
    if (file.size > IMPORT_MAX_BYTES) {
      setFileError(t(m.tooLarge));
      return;
    }
    if (isCsv && !kind) {
      setKindError(t(m.kindRequired));
      document.getElementById('asset-import-kind')?.focus();
      return;
    }
    upload.mutate(
      { file, kind: isCsv && kind ? kind : null },
      {
        onSuccess: (stored) => {
          setFile(null);
          onUploaded(stored);
        },
        // The server says what is wrong with the file (empty, too large, not XLSX, a zip bomb…): shown as given.
        onError: (error) =>
          setRefusal(error instanceof ApiRequestError ? (error.serverMessage ?? error.message) : String(error)),
      },
    );
  };

  return (
    <section className={classes.section} aria-labelledby="asset-import-upload">
      <Title order={2} id="asset-import-upload" className={classes.sectionTitle}>
        {t(assetImportTitles.upload)}
      </Title>
      <form noValidate onSubmit={submit} className={classes.uploadForm}>
        <div
          className={classes.dropZone}
          data-dragging={dragging || undefined}
          onDragOver={(event) => {
            event.preventDefault();
            setDragging(true);
          }}
          onDragLeave={() => setDragging(false)}
          onDrop={drop}
        >
          <Text fw={600}>{t(l.dropZone)}</Text>
          <Text size="sm">{t(l['dropZone::limit'])}</Text>
          <FileButton
            onChange={choose}
            accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
          >
            {(props) => (
              <Button {...props} variant="default" aria-describedby="asset-import-file-state">
                {t(assetImportButtons.chooseFile)}
              </Button>
            )}
          </FileButton>
          <Text size="sm" id="asset-import-file-state" aria-live="polite">
            {file ? t(l.chosenFile, { name: file.name, size: formatBytes(file.size) }) : ''}
          </Text>
          {fileError && (
            <Text size="sm" c="red.8" role="alert">
              {fileError}
            </Text>
          )}
        </div>
        <NativeSelect
          id="asset-import-kind"
          label={t(l.kind)}
          description={t(l['kind::description'])}
          value={kind}
          disabled={file !== null && !isCsv}
          error={kindError}
          onChange={(event) => {
            setKind(event.currentTarget.value as ImportKind | '');
            setKindError(null);
          }}
          data={[
            { value: '', label: t(l.kindPlaceholder) },
            ...importKinds.map((k) => ({ value: k, label: t(assetImportKindLabels[k]) })),
          ]}
        />
        {refusal && (
          <Alert color="red" variant="light" role="alert">
            {refusal}
          </Alert>
        )}
        <Group gap="sm">
          <Button type="submit" loading={upload.isPending}>
            {t(assetImportButtons.upload)}
          </Button>
          {file && (
            <Button variant="subtle" onClick={() => choose(null)}>
              {t(assetImportButtons.clearFile)}
            </Button>
          )}
        </Group>
        {upload.isPending && <Text size="sm">{t(m.uploading)}</Text>}
      </form>
    </section>
  );
}
