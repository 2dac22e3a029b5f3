import { cleanup, render, screen } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Permit, PermitQuestions, QuestionVersion } from '@hasp/contracts';
import { setLanguage } from '../../../lib/i18n';
import { formatDateTime } from '../../../lib/date-time';
import { strays, speakMarkerLanguage } from '../../../test/caption-markers';
import { PermitQuestionsSection } from './PermitQuestionsSection';

/**
 * The Questions section speaks only in captions: drawn in the marker language, nothing but the
 * permit's own data (the server's sentences, answers, names, times) may be left outside them. The
 * questions' wording is the facility's data, translated through each version's own caption.
 */

const at = '2026-11-24T14:02:00.000Z';
const version = (over: Partial<QuestionVersion>): QuestionVersion => ({
  ID: 1,
  questionID: 1,
  version: 1,
  text: 'Area barricaded?',
  answerType: 'yes_no_na',
  choices: [],
  isMandatory: true,
  blockingAnswer: 'no',
  minValue: null,
  maxValue: null,
  createdBy: 'Alex Admin',
  createdAt: at,
  ...over,
});
const problem = 'Question "Area barricaded?" is answered "No": this answer stops the permit from being requested.';
const section: PermitQuestions = {
  permitId: 7,
  version: 2,
  canAnswer: true,
  stages: [
    {
      stage: 'request',
      isOpen: true,
      problems: [problem],
      questions: [
        {
          question: version({}),
          answer: { ID: 5, value: 'no', answeredBy: { ID: 3, displayName: 'Wren Worker' }, answeredAt: at },
        },
        {
          question: version({ ID: 2, questionID: 2, text: 'Reason', answerType: 'text', blockingAnswer: null }),
          answer: null,
        },
      ],
    },
    {
      stage: 'issue',
      isOpen: true,
      problems: [],
      questions: [
        {
          question: version({ ID: 3, questionID: 3, text: 'LEL (%)', answerType: 'number', minValue: 0, maxValue: 10 }),
          answer: null,
        },
        {
          question: version({
            ID: 4,
            questionID: 4,
            text: 'Told how?',
            answerType: 'choice',
            choices: ['In person', 'Radio', 'Shift briefing', 'Not told'],
            blockingAnswer: 'Not told',
          }),
          answer: null,
        },
      ],
    },
    {
      stage: 'close-out',
      isOpen: false,
      problems: ['not shown: a later stage'],
      questions: [
        {
          question: version({ ID: 6, questionID: 6, text: 'Area left clean?', blockingAnswer: null }),
          answer: { ID: 8, value: 'yes', answeredBy: { ID: 3, displayName: 'Wren Worker' }, answeredAt: at },
        },
      ],
    },
  ],
};

function renderSection() {
  const client = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity, retry: false } } });
  const permit = { ID: 7, status: 'draft' } as Permit;
  return render(
    <MantineProvider>
      <QueryClientProvider client={client}>
        <PermitQuestionsSection permit={permit} />
      </QueryClientProvider>
    </MantineProvider>,
  );
}

describe('the Questions section speaks only in captions', () => {
  beforeEach(() => speakMarkerLanguage((url) => (url.pathname.endsWith('/questions') ? section : [])));
  afterEach(async () => {
    cleanup();
    await setLanguage('en');
  });

  it('stages, the next command’s problems, answers by type, who answered', async () => {
    renderSection();
    await screen.findByRole('article', { name: 'Area barricaded?' });
    expect(screen.getByText(problem)).toBeTruthy();
    // Only the next command's problems: the close-out stage is later.
    expect(screen.queryByText('not shown: a later stage')).toBeNull();
    const texts = section.stages.flatMap((x) => x.questions.map((q) => q.question.text));
    const data = [
      ...texts,
      problem,
      'Wren Worker',
      formatDateTime(at),
      'In person',
      'Radio',
      'Shift briefing',
      'Not told',
    ];
    expect(strays(data)).toEqual([]);
  });

  it('keeps the English the specs find things by', async () => {
    await setLanguage('en');
    renderSection();
    expect(await screen.findByRole('region', { name: 'Request questions' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Save the answer to “Reason”' })).toBeTruthy();
    expect(screen.getByText('Between 0 and 10')).toBeTruthy();
    expect(screen.getByText('Closed for answers now.')).toBeTruthy();
  });
});
