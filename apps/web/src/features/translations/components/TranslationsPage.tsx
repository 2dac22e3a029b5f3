import { translationsTitles } from '@hasp/contracts';
import { RightNavGate } from '../../../components/RightNavGate';
import { useCaptions } from '../../../lib/i18n';
import { TranslationsScreen } from './TranslationsScreen';

/** Route `/translations`: the captions table, for users with the Translations right-nav entry. */
export function TranslationsPage() {
  const t = useCaptions();
  const title = t(translationsTitles.page);
  return (
    <RightNavGate id="translations" title={title}>
      <TranslationsScreen title={title} />
    </RightNavGate>
  );
}
