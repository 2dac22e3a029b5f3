import { Tabs } from '@mantine/core';
import { questionManageTitles } from '@hasp/contracts';
import { useCaptions } from '../../../lib/i18n';
import { FormAssignments } from './FormAssignments';
import { QuestionList } from './QuestionList';

/** The questions, and the permit forms that ask them. */
export function QuestionManage() {
  const t = useCaptions();
  return (
    <Tabs defaultValue="questions" keepMounted={false}>
      <Tabs.List mb="md">
        <Tabs.Tab value="questions">{t(questionManageTitles.questions)}</Tabs.Tab>
        <Tabs.Tab value="forms">{t(questionManageTitles.assignments)}</Tabs.Tab>
      </Tabs.List>
      <Tabs.Panel value="questions">
        <QuestionList />
      </Tabs.Panel>
      <Tabs.Panel value="forms">
        <FormAssignments />
      </Tabs.Panel>
    </Tabs>
  );
}
