import { Button, CloseButton, Group, Loader, Text, TextInput } from '@mantine/core';
import { useId, useState } from 'react';
import { permitsLabels } from '@hasp/contracts';
import { useCaptions } from '../../../lib/i18n';
import { usePlaceSearch } from '../../../lib/place-search';
import { placeLabel, type PickedPlace } from '../model/permit-form';
import classes from '../Permits.module.css';

interface PlacePickerProps {
  kind: 'area' | 'asset';
  label: string;
  picked: PickedPlace[];
  /** One area, many assets. */
  multiple: boolean;
  onChange: (picked: PickedPlace[]) => void;
  disabled?: boolean;
  error?: string;
}

/**
 * Picks areas or assets of the facility's asset tree by number or name (the tree's own search, so a
 * match shows where it sits). Results are full-width buttons: easy to hit with a thumb.
 */
export function PlacePicker({ kind, label, picked, multiple, onChange, disabled, error }: PlacePickerProps) {
  const t = useCaptions();
  const [query, setQuery] = useState('');
  const search = usePlaceSearch(query);
  const resultsId = useId();
  const results = (search.data?.results ?? []).filter(
    (r) => r.node.kind === kind && !picked.some((p) => p.ID === r.node.ID),
  );
  const pick = (place: PickedPlace) => {
    onChange(multiple ? [...picked, place] : [place]);
    setQuery('');
  };
  return (
    <div>
      <TextInput
        label={label}
        description={t(multiple ? permitsLabels.pickEach : permitsLabels.pickOne)}
        value={query}
        onChange={(event) => setQuery(event.currentTarget.value)}
        disabled={disabled}
        error={error}
        classNames={{ input: classes.input }}
        rightSection={search.isFetching ? <Loader size="xs" /> : null}
        type="search"
      />
      {picked.length > 0 && (
        <div className={classes.picked}>
          {picked.map((place) => (
            <Group key={place.ID} gap={4} wrap="nowrap" className={classes.touch} style={{ maxWidth: '100%' }}>
              <Text size="sm" fw={600} truncate>
                {place.label}
              </Text>
              {!disabled && (
                <CloseButton
                  size="xl"
                  aria-label={t(permitsLabels.removePlace, { name: place.label })}
                  onClick={() => onChange(picked.filter((p) => p.ID !== place.ID))}
                />
              )}
            </Group>
          ))}
        </div>
      )}
      {query.trim() && (
        <div
          id={resultsId}
          className={classes.results}
          role="group"
          aria-label={t(permitsLabels.placeMatches, { label })}
        >
          {results.map((r) => {
            const place = { ID: r.node.ID, label: placeLabel(r.node) };
            const where = r.path.map((p) => p.number).join(' › ');
            return (
              <Button key={r.node.ID} variant="default" className={classes.result} onClick={() => pick(place)}>
                {place.label}
                {where && ` (${where})`}
              </Button>
            );
          })}
          {search.isSuccess && results.length === 0 && (
            <Text size="sm" c="dimmed">
              {t(kind === 'area' ? permitsLabels.noAreaMatch : permitsLabels.noAssetMatch, { query: query.trim() })}
            </Text>
          )}
        </div>
      )}
    </div>
  );
}
