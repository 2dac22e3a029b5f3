import { Alert, Loader, Text } from '@mantine/core';
import { assetManageLabels, assetManageMessages, type AssetSearchResult } from '@hasp/contracts';
import { useCaptions } from '../../../lib/i18n';
import { useAssetSearch } from '../api/search-assets';
import { reasonOf } from '../api/send-asset-change';
import { StatusBadge } from './StatusBadge';
import classes from '../AssetManage.module.css';

interface NodeSearchResultsProps {
  /** The debounced query: nothing shows while it is empty. */
  query: string;
  /** Label of the list (its heading's text). */
  label: string;
  onChoose: (result: AssetSearchResult) => void;
  /** Only these matches are offered (the move dialog leaves out impossible parents). */
  filter?: (result: AssetSearchResult) => boolean;
  chosenKey?: string | null;
}

const pathText = (result: AssetSearchResult) => result.path.map((entry) => entry.number).join(' › ');

/** Matches of a tree search, each a button with the match's path under it. */
export function NodeSearchResults({ query, label, onChoose, filter, chosenKey }: NodeSearchResultsProps) {
  const t = useCaptions();
  const search = useAssetSearch(query);
  if (!query.trim()) return null;
  if (search.isPending) return <Loader size="sm" aria-label={t(assetManageLabels.loadingChildren)} />;
  if (search.isError) {
    return (
      <Alert color="red" variant="light" role="alert">
        {t(assetManageMessages.searchFailed, { reason: reasonOf(search.error) })}
      </Alert>
    );
  }
  const results = filter ? search.data.results.filter(filter) : search.data.results;
  if (results.length === 0) return <Text role="status">{t(assetManageLabels.noMatches, { query: query.trim() })}</Text>;
  return (
    <>
      <ul className={classes.results} aria-label={label}>
        {results.map((result) => {
          const key = `${result.node.kind}:${result.node.ID}`;
          return (
            <li key={key}>
              <button
                type="button"
                className={classes.resultButton}
                aria-pressed={chosenKey === undefined ? undefined : chosenKey === key}
                onClick={() => onChoose(result)}
              >
                <span>
                  <strong>{result.node.number}</strong> {result.node.name}{' '}
                  {result.node.status && <StatusBadge status={result.node.status} />}
                </span>
                {result.path.length > 0 && <span className={classes.resultPath}>{pathText(result)}</span>}
              </button>
            </li>
          );
        })}
      </ul>
      {search.data.truncated && (
        <Text size="sm" c="gray.7">
          {t(assetManageLabels.searchTruncated, { count: search.data.results.length })}
        </Text>
      )}
    </>
  );
}
