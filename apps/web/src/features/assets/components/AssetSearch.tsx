import { useState } from 'react';
import { CloseButton, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { assetManageButtons, assetManageLabels, type AssetSearchResult } from '@hasp/contracts';
import { useCaptions } from '../../../lib/i18n';
import { NodeSearchResults } from './NodeSearchResults';

/** The search box over the tree: choosing a match opens the path to it (the parent does that). */
export function AssetSearch({ onChoose }: { onChoose: (result: AssetSearchResult) => void }) {
  const t = useCaptions();
  const [value, setValue] = useState('');
  const [query] = useDebouncedValue(value, 250);
  return (
    <div role="search">
      <TextInput
        type="search"
        label={t(assetManageLabels.search)}
        description={t(assetManageLabels['search::description'])}
        value={value}
        maxLength={100}
        onChange={(event) => setValue(event.currentTarget.value)}
        rightSection={
          value ? <CloseButton aria-label={t(assetManageButtons.clearSearch)} onClick={() => setValue('')} /> : null
        }
      />
      <div style={{ marginTop: '0.5rem' }}>
        <NodeSearchResults
          query={value ? query : ''}
          label={t(assetManageLabels.searchResults)}
          onChoose={(result) => {
            setValue('');
            onChoose(result);
          }}
        />
      </div>
    </div>
  );
}
