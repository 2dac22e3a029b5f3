import { useState } from 'react';
import { Button, MultiSelect, Select, SimpleGrid, TextInput } from '@mantine/core';
import {
  permitIndexButtons,
  permitIndexLabels,
  permitStatusCaptions,
  permitStatuses,
  type PermitIndexQuery,
} from '@hasp/contracts';
import { useCaptions } from '../../../lib/i18n';
import { PersonPicker } from '../../../components/PersonPicker';
import { usePeopleByIds } from '../../../lib/people-lookup';
import { usePlaceSearch } from '../../../lib/place-search';
import type { IndexView } from '../url-state';

export interface PermitTypeOption {
  code: string;
  name: string;
}

interface FilterFieldsProps {
  view: IndexView;
  permitTypes: PermitTypeOption[];
  onChange: (change: Partial<PermitIndexQuery>) => void;
}

type PersonKey = 'requesterId' | 'holderId' | 'approverId';

/** Status, type, place, people and dates: each change goes straight into the URL (page 1). */
export function FilterFields({ view, permitTypes, onChange }: FilterFieldsProps) {
  const t = useCaptions();
  const statusData = permitStatuses.map((s) => ({ value: s, label: t(permitStatusCaptions[s]) }));
  // The people of the URL's filters by name (a shared URL holds only their IDs); a person just
  // picked keeps the name the picker had while the URL's names load.
  const chosen = [view.requesterId, view.holderId, view.approverId].filter((i): i is number => i !== undefined);
  const named = usePeopleByIds(chosen);
  const [picked, setPicked] = useState<Record<number, string>>({});
  const [placeSearch, setPlaceSearch] = useState('');
  const places = usePlaceSearch(placeSearch);
  const place = view.areaId ? `area:${view.areaId}` : view.assetId ? `asset:${view.assetId}` : null;
  const placeData = (places.data?.results ?? []).map(({ node }) => ({
    value: `${node.kind}:${node.ID}`,
    label: t(node.kind === 'area' ? permitIndexLabels.areaOption : permitIndexLabels.assetOption, {
      number: node.number,
      name: node.name,
    }),
  }));
  // A place from a shared URL is not among the search's matches: keep it selectable by its ID.
  if (place && !placeData.some((p) => p.value === place)) {
    placeData.unshift({
      value: place,
      label: t(view.areaId ? permitIndexLabels.areaById : permitIndexLabels.assetById, {
        id: view.areaId ?? view.assetId ?? '',
      }),
    });
  }
  const person = (label: string, key: PersonKey) => {
    const ID = view[key];
    const name = ID && (named.data?.find((p) => p.ID === ID)?.displayName ?? picked[ID] ?? `#${ID}`);
    return (
      <PersonPicker
        label={label}
        value={ID && name ? { ID, displayName: name } : null}
        onChange={(p) => {
          if (p) setPicked((known) => ({ ...known, [p.ID]: p.displayName }));
          onChange({ [key]: p?.ID });
        }}
        placeholder={t(permitIndexLabels.anyone)}
      />
    );
  };
  const date = (label: string, key: 'startFrom' | 'startTo' | 'endFrom' | 'endTo') => (
    <TextInput
      type="date"
      label={label}
      value={view[key] ?? ''}
      onChange={(event) => onChange({ [key]: event.currentTarget.value || undefined })}
    />
  );
  const any =
    view.status || view.permitType || place || view.requesterId || view.holderId || view.approverId || view.startFrom;
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="sm" verticalSpacing="xs">
      <MultiSelect
        label={t(permitIndexLabels.status)}
        data={statusData}
        value={view.status ?? []}
        onChange={(value) => onChange({ status: value.length ? value : undefined })}
        placeholder={view.status?.length ? undefined : t(permitIndexLabels.anyStatus)}
        clearable
      />
      <Select
        label={t(permitIndexLabels.permitType)}
        data={permitTypes.map((type) => ({ value: type.code, label: type.name }))}
        value={view.permitType ?? null}
        onChange={(value) => onChange({ permitType: value ?? undefined })}
        clearable
        placeholder={t(permitIndexLabels.anyType)}
      />
      <Select
        label={t(permitIndexLabels.place)}
        data={placeData}
        value={place}
        searchable
        clearable
        searchValue={placeSearch}
        onSearchChange={setPlaceSearch}
        filter={({ options }) => options}
        nothingFoundMessage={t(placeSearch.trim() ? permitIndexLabels.nothingFound : permitIndexLabels.typeToSearch)}
        placeholder={t(permitIndexLabels.anywhere)}
        onChange={(value) => {
          const [kind, raw] = value ? value.split(':') : [];
          onChange({
            areaId: kind === 'area' ? Number(raw) : undefined,
            assetId: kind === 'asset' ? Number(raw) : undefined,
          });
        }}
      />
      {person(t(permitIndexLabels.requester), 'requesterId')}
      {person(t(permitIndexLabels.holder), 'holderId')}
      {person(t(permitIndexLabels.approver), 'approverId')}
      {date(t(permitIndexLabels.startsFrom), 'startFrom')}
      {date(t(permitIndexLabels.startsUntil), 'startTo')}
      {date(t(permitIndexLabels.endsFrom), 'endFrom')}
      {date(t(permitIndexLabels.endsUntil), 'endTo')}
      {any && (
        <Button
          variant="subtle"
          style={{ alignSelf: 'end' }}
          onClick={() =>
            onChange({
              status: undefined,
              permitType: undefined,
              areaId: undefined,
              assetId: undefined,
              requesterId: undefined,
              holderId: undefined,
              approverId: undefined,
              startFrom: undefined,
              startTo: undefined,
              endFrom: undefined,
              endTo: undefined,
            })
          }
        >
          {t(permitIndexButtons.clearFilters)}
        </Button>
      )}
    </SimpleGrid>
  );
}
