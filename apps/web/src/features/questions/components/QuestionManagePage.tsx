import { questionManageLabels, questionManageTitles } from '@hasp/contracts';
import { Page } from '../../../components/Page';
import { RightNavGate } from '../../../components/RightNavGate';
import { useCaptions } from '../../../lib/i18n';
import { QuestionManage } from './QuestionManage';

/** `/question-manager` (right nav: Master List › Question Manage). */
export function QuestionManagePage() {
  const t = useCaptions();
  const title = t(questionManageTitles.page);
  const childTitle = t(questionManageTitles.childPage);
  return (
    <RightNavGate id="question-manage" title={title} childTitle={childTitle}>
      <Page title={title} childTitle={childTitle} lead={t(questionManageLabels.lead)}>
        <QuestionManage />
      </Page>
    </RightNavGate>
  );
}
