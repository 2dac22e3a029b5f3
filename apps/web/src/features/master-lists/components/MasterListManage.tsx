import { Alert, Button, Center, Loader, NativeSelect } from '@mantine/core';
import { useSearchParams } from 'react-router';
import {
  masterListButtons,
  masterListKeys,
  masterListLabels,
  masterListMessages,
  masterListTitles,
  masterListTypeNames,
  type MasterListKey,
} from '@hasp/contracts';
import { useCaptions } from '../../../lib/i18n';
import { useMasterListTypes } from '../api/get-master-lists';
import { ListItems } from './ListItems';
import classes from '../MasterListManage.module.css';

const isListKey = (value: string | null): value is MasterListKey =>
  value !== null && (masterListKeys as readonly string[]).includes(value);

/**
 * The list types beside the chosen list's items (a select above them on a phone). The chosen
 * list lives in the address (`?list=hazards`), so a reload or the back button keeps it.
 */
export function MasterListManage() {
  const t = useCaptions();
  const types = useMasterListTypes();
  const [params, setParams] = useSearchParams();
  const requested = params.get('list');
  const listKey: MasterListKey = isListKey(requested) ? requested : masterListKeys[0];
  const choose = (key: MasterListKey) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      next.set('list', key);
      return next;
    });

  if (types.isPending) {
    return (
      <Center py="xl">
        <Loader aria-label={t(masterListTitles.lists)} />
      </Center>
    );
  }
  if (types.isError) {
    return (
      <Alert color="red" variant="light" title={t(masterListMessages.loadFailed)}>
        <Button variant="default" mt="xs" onClick={() => void types.refetch()}>
          {t(masterListButtons.retry)}
        </Button>
      </Alert>
    );
  }

  return (
    <div className={classes.layout}>
      <nav aria-labelledby="master-lists-heading" className={classes.nav}>
        <h2 id="master-lists-heading" className={classes.sectionTitle}>
          {t(masterListTitles.lists)}
        </h2>
        <NativeSelect
          className={classes.phoneOnly}
          label={t(masterListLabels.list)}
          value={listKey}
          onChange={(event) => choose(event.currentTarget.value as MasterListKey)}
          data={types.data.map((type) => ({ value: type.listKey, label: t(masterListTypeNames[type.listKey]) }))}
        />
        <ul className={`${classes.typeList} ${classes.wideOnly}`}>
          {types.data.map((type) => (
            <li key={type.listKey}>
              <button
                type="button"
                className={classes.typeButton}
                aria-current={type.listKey === listKey ? 'true' : undefined}
                onClick={() => choose(type.listKey)}
              >
                <span className={classes.typeName}>{t(masterListTypeNames[type.listKey])}</span>
                <span className={classes.meta}>
                  {t(masterListLabels.counts, { count: type.itemCount, active: type.activeCount })}
                </span>
              </button>
            </li>
          ))}
        </ul>
      </nav>
      <ListItems key={listKey} listKey={listKey} />
    </div>
  );
}
