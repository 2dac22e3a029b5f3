import { useState } from 'react';
import { useDebouncedValue } from '@mantine/hooks';
import { Alert, Text, TextInput, UnstyledButton } from '@mantine/core';
import { componentManageButtons, componentManageLabels, componentManageMessages } from '@hasp/contracts';
import { useCaptions } from '../../../lib/i18n';
import { useAssetSearch } from '../api/search-assets';
import { assetMatches, pathText } from '../asset-matches';
import classes from '../ComponentManage.module.css';

/** Finds an asset by number or name (areas are left out: components belong to assets). */
export function AssetPicker({ onSelect }: { onSelect: (assetId: number) => void }) {
  const t = useCaptions();
  const l = componentManageLabels;
  const [query, setQuery] = useState('');
  const [debounced] = useDebouncedValue(query.trim(), 250);
  const search = useAssetSearch(debounced);
  const matches = search.data ? assetMatches(search.data.results) : [];
  // What the results are for: nothing as soon as the box is cleared (a choice clears it). Waiting for
  // the debounce would keep the list up for 250 ms and then drop the page under the user's thumb.
  const shown = query.trim() ? debounced : '';

  return (
    <section className={classes.picker} aria-label={t(l.search)}>
      <TextInput
        type="search"
        label={t(l.search)}
        description={t(l['search::description'])}
        placeholder={t(l.searchPlaceholder)}
        autoComplete="off"
        value={query}
        onChange={(event) => setQuery(event.currentTarget.value)}
      />
      <div aria-live="polite">
        {shown && search.isFetching && !search.data && <Text size="sm">{t(l.searching)}</Text>}
        {search.isError && (
          <Alert color="red" variant="light">
            {t(componentManageMessages.searchFailed)}
          </Alert>
        )}
        {shown && search.data && matches.length === 0 && <Text size="sm">{t(l.noMatches, { query: shown })}</Text>}
      </div>
      {shown && matches.length > 0 && (
        <ul className={classes.matches} aria-label={t(l.searchResults)}>
          {matches.map((match) => (
            <li key={match.ID}>
              <UnstyledButton
                className={classes.match}
                aria-label={t(componentManageButtons['select::asset'], { number: match.number, name: match.name })}
                onClick={() => {
                  setQuery('');
                  onSelect(match.ID);
                }}
              >
                <span className={classes.matchTitle}>
                  <strong>{match.number}</strong> {match.name}
                </span>
                {match.path.length > 0 && <span className={classes.matchPath}>{pathText(match.path)}</span>}
              </UnstyledButton>
            </li>
          ))}
        </ul>
      )}
      {search.data?.truncated && shown && <Text size="sm">{t(l.truncated)}</Text>}
    </section>
  );
}
