import { Button, Text, Title } from '@mantine/core';
import { useState } from 'react';
import {
  assetImportKindLabels,
  assetImportLabels,
  assetImportMessages,
  assetImportTitles,
  importKinds,
  type ImportFormat,
} from '@hasp/contracts';
import { ApiRequestError } from '../../../lib/http';
import { useCaptions } from '../../../lib/i18n';
import { downloadTemplate } from '../api/download';
import classes from '../AssetImport.module.css';

/** Templates to fill in: one CSV per kind, and the XLSX workbook with every sheet. */
export function TemplateLinks() {
  const t = useCaptions();
  const l = assetImportLabels;
  const [failure, setFailure] = useState<string | null>(null);
  const get = (kind: string, format: ImportFormat) => {
    setFailure(null);
    downloadTemplate(kind, format).catch((error: unknown) => {
      const reason = error instanceof ApiRequestError ? (error.serverMessage ?? error.message) : String(error);
      setFailure(t(assetImportMessages.downloadFailed, { reason }));
    });
  };
  return (
    <section className={classes.section} aria-labelledby="asset-import-templates">
      <Title order={2} id="asset-import-templates" className={classes.sectionTitle}>
        {t(assetImportTitles.templates)}
      </Title>
      <Text size="sm">{t(l.templatesLead)}</Text>
      <div className={classes.templates}>
        {importKinds.map((kind) => (
          <Button key={kind} size="xs" variant="default" onClick={() => get(kind, 'csv')}>
            {t(l.csvTemplate, { kind: t(assetImportKindLabels[kind]) })}
          </Button>
        ))}
        <Button size="xs" variant="light" onClick={() => get('workbook', 'xlsx')}>
          {t(l.workbookTemplate)}
        </Button>
      </div>
      {failure && (
        <Text size="sm" c="red.8" role="alert">
          {failure}
        </Text>
      )}
    </section>
  );
}
