import { useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { permitIndexTitles } from '@hasp/contracts';
import { useCaptions } from '../../lib/i18n';
import { useNavigation } from '../../features/navigation';
import { Page } from '../../components/Page';
import { PermitIndex } from '../../features/permit-index';
import { usePermitTypeName } from './permit-type-name';

// Apart from the permit pages (PermitPages.tsx): the index is a first screen, and the permit page's
// sections and forms are most of that chunk.
/** `/index` (permit index v2), optionally for one type: `/index?permitType=LOTO`. */
export function PermitIndexPage() {
  const t = useCaptions();
  const [params] = useSearchParams();
  const code = params.get('permitType') ?? '';
  const name = usePermitTypeName(code);
  const navigation = useNavigation();
  // The type filter offers the types the sidebar links to (those the user may view).
  const permitTypes = useMemo(
    () =>
      (navigation.data ?? []).flatMap((group) =>
        group.links
          .filter((link) => link.itemType === 'index' && link.enabled && link.permitTypeCode)
          .map((link) => ({ code: link.permitTypeCode!, name: link.name.replace(/ Index$/, '') })),
      ),
    [navigation.data],
  );
  return (
    <Page
      title={t(permitIndexTitles.page)}
      childTitle={code ? name : ''}
      permitType={code || null}
      lead={t(permitIndexTitles.lead)}
    >
      <PermitIndex permitTypes={permitTypes} />
    </Page>
  );
}
