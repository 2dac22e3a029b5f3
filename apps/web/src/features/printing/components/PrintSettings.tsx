import { useEffect, useMemo, useState } from 'react';
import {
  Alert,
  Button,
  Center,
  Checkbox,
  ColorInput,
  Loader,
  NativeSelect,
  SegmentedControl,
  Text,
  TextInput,
} from '@mantine/core';
import {
  printLayoutCaptions,
  printingButtons,
  printingLabels,
  printingMessages,
  printingTitles,
  tagLayoutFields,
  type TagLayout,
  type TagLayoutInput,
  type TagLayoutKey,
} from '@hasp/contracts';
import { SaveBar } from '../../../components/SaveBar';
import { useCaptions } from '../../../lib/i18n';
import { fieldErrorsOf, reasonOf } from '../../../lib/send-form';
import { showToast } from '../../../lib/toast';
import { useSaveTagLayout, useTagLayouts, useTagLegends, useTagPreview } from '../api/printing-api';
import classes from '../Printing.module.css';
import columns from '../../../components/SettingsColumns.module.css';

const l = printingLabels;

const inputOf = (layout: TagLayout): TagLayoutInput => ({
  name: layout.name,
  bandColour: layout.bandColour,
  bandTextColour: layout.bandTextColour,
  bodyColour: layout.bodyColour,
  legendItemId: layout.legend?.ID ?? null,
  fields: [...layout.fields],
});

/** Print Settings: pick a tag size, style it, see the server's PDF of a sample tag, save. */
export function PrintSettings() {
  const t = useCaptions();
  const layouts = useTagLayouts();
  const [key, setKey] = useState<TagLayoutKey>('tag-standard-3x5');
  if (layouts.isPending) {
    return (
      <Center py="xl">
        <Loader aria-label={t(printingTitles.printSettings)} />
      </Center>
    );
  }
  if (layouts.isError) {
    return (
      <Alert color="red" variant="light" title={t(printingMessages.layoutsFailed)}>
        <Button variant="default" mt="xs" onClick={() => void layouts.refetch()}>
          {t(printingButtons.retry)}
        </Button>
      </Alert>
    );
  }
  const layout = layouts.data.layouts.find((candidate) => candidate.key === key)!;
  return (
    <>
      <Text component="span" size="sm" fw={500} id="tag-layout-label">
        {t(l.layout)}
      </Text>
      <SegmentedControl
        fullWidth
        mb="md"
        aria-labelledby="tag-layout-label"
        value={key}
        data={layouts.data.layouts.map((candidate) => ({
          value: candidate.key,
          label: t(printLayoutCaptions[candidate.key]),
        }))}
        onChange={(value) => setKey(value)}
      />
      <LayoutForm key={`${layout.key}:${layout.version}`} layout={layout} hasLogo={layouts.data.hasLogo} />
    </>
  );
}

function LayoutForm({ layout, hasLogo }: { layout: TagLayout; hasLogo: boolean }) {
  const t = useCaptions();
  const legends = useTagLegends();
  const save = useSaveTagLayout();
  const [draft, setDraft] = useState<TagLayoutInput>(() => inputOf(layout));
  // The preview follows the draft once typing pauses (each preview is a server round trip).
  const [shown, setShown] = useState<TagLayoutInput | null>(draft);
  useEffect(() => {
    const timer = setTimeout(() => setShown(draft), 400);
    return () => clearTimeout(timer);
  }, [draft]);
  const preview = useTagPreview(layout.key, shown && /^#[0-9a-f]{6}$/i.test(shown.bandColour) ? shown : null);
  // The frame shows the blob by an object address, let go when a newer preview replaces it.
  const address = useMemo(() => (preview.data ? URL.createObjectURL(preview.data) : null), [preview.data]);
  useEffect(() => () => void (address && URL.revokeObjectURL(address)), [address]);

  const dirty = JSON.stringify(draft) !== JSON.stringify(inputOf(layout));
  const errors = save.isError ? fieldErrorsOf(save.error) : {};
  const set = (change: Partial<TagLayoutInput>) => setDraft((current) => ({ ...current, ...change }));
  const colour = (field: 'bandColour' | 'bandTextColour' | 'bodyColour') => (
    <ColorInput
      label={t(l[field])}
      value={draft[field]}
      format="hex"
      withEyeDropper={false}
      error={errors[field]}
      onChange={(value) => set({ [field]: value.toUpperCase() })}
      mt="sm"
    />
  );

  return (
    <div className={columns.withPreview}>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          save.mutate(
            { key: layout.key, input: draft, version: layout.version },
            {
              onSuccess: () =>
                showToast({
                  title: t(printingTitles.printSettings),
                  message: t(printingMessages.saved),
                  tone: 'success',
                }),
            },
          );
        }}
      >
        <TextInput
          label={t(l.name)}
          required
          value={draft.name}
          error={errors.name}
          onChange={(event) => set({ name: event.currentTarget.value })}
        />
        {colour('bandColour')}
        {colour('bandTextColour')}
        {colour('bodyColour')}
        <NativeSelect
          mt="sm"
          label={t(l.layoutLegend)}
          value={draft.legendItemId === null ? '' : String(draft.legendItemId)}
          error={errors.legendItemId}
          data={[
            { value: '', label: t(l.firstLegend) },
            ...(legends.data ?? []).map((item) => ({ value: String(item.ID), label: item.value })),
          ]}
          onChange={(event) => set({ legendItemId: Number(event.currentTarget.value) || null })}
        />
        <Checkbox.Group
          mt="md"
          label={t(l.fields)}
          value={draft.fields}
          onChange={(fields) => set({ fields: tagLayoutFields.filter((f) => fields.includes(f)) })}
        >
          {tagLayoutFields.map((field) => (
            <Checkbox key={field} mt="xs" value={field} label={t(l[`field::${field}`])} />
          ))}
        </Checkbox.Group>
        {!hasLogo && draft.fields.includes('logo') && (
          <Text size="sm" c="dimmed" mt="xs">
            {t(l.noLogo)}
          </Text>
        )}
        <SaveBar
          failure={save.isError ? t(printingMessages.saveFailed, { reason: reasonOf(save.error) }) : null}
          dirty={dirty}
          saving={save.isPending}
          canSave={dirty && draft.name.trim().length > 0}
          labels={{ unsaved: t(l.unsaved), discard: t(printingButtons.discard), save: t(printingButtons.save) }}
          onDiscard={() => {
            save.reset();
            setDraft(inputOf(layout));
          }}
        />
      </form>
      <section aria-labelledby="tag-preview-heading">
        <h2 id="tag-preview-heading" className="mantine-visually-hidden">
          {t(printingTitles.preview)}
        </h2>
        {preview.isError && (
          <Alert color="red" variant="light">
            {t(printingMessages.previewFailed, { reason: reasonOf(preview.error) })}
          </Alert>
        )}
        {preview.isFetching && (
          <Text size="sm" c="dimmed" role="status">
            {t(l.previewing)}
          </Text>
        )}
        {address && (
          <iframe className={classes.preview} title={t(printingTitles.preview)} src={address} data-preview-ready />
        )}
      </section>
    </div>
  );
}
