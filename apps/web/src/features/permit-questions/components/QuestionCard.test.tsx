import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { PermitQuestion } from '@hasp/contracts';
import { setLanguage } from '../../../lib/i18n';
import { QuestionCard } from './QuestionCard';

const at = '2026-11-24T14:02:00.000Z';
const locks = (over: Partial<PermitQuestion> = {}): PermitQuestion => ({
  question: {
    ID: 9,
    questionID: 9,
    version: 1,
    text: 'Locks on the isolation points',
    answerType: 'number',
    choices: [],
    isMandatory: true,
    blockingAnswer: null,
    minValue: null,
    maxValue: null,
    fact: 'locks-on-points',
    createdBy: 'Alex Admin',
    createdAt: at,
  },
  answer: null,
  prefill: { fact: 'locks-on-points', value: 4 },
  ...over,
});

function renderCard(entry: PermitQuestion) {
  const client = new QueryClient();
  return render(
    <MantineProvider>
      <QueryClientProvider client={client}>
        <ul>
          <QuestionCard permitId={7} stage="acceptance" entry={entry} editable />
        </ul>
      </QueryClientProvider>
    </MantineProvider>,
  );
}

describe('a question answered from the record', () => {
  beforeEach(() => setLanguage('en'));
  afterEach(cleanup);

  it('offers the record’s value, says where it came from, and saves only when the user confirms or corrects it', () => {
    renderCard(locks());
    const field = screen.getByRole<HTMLInputElement>('textbox', { name: 'Locks on the isolation points' });
    expect(field.value).toBe('4');
    expect(screen.getByTestId('question-from-record').textContent).toBe('From the isolation record: 4');
    const save = screen.getByRole<HTMLButtonElement>('button', {
      name: 'Save the answer to “Locks on the isolation points”',
    });
    expect(save.disabled).toBe(false);
    fireEvent.change(field, { target: { value: '3' } });
    expect(field.value).toBe('3');
  });

  it('shows the answer given, not the offer, once answered (the record’s value stays beside it)', () => {
    renderCard(
      locks({ answer: { ID: 1, value: '3', answeredBy: { ID: 2, displayName: 'Wren Worker' }, answeredAt: at } }),
    );
    expect(screen.getByRole<HTMLInputElement>('textbox', { name: 'Locks on the isolation points' }).value).toBe('3');
    expect(screen.getByTestId('question-from-record').textContent).toBe('From the isolation record: 4');
  });

  it('offers nothing without a value from the record (the offline copy has none)', () => {
    renderCard(locks({ prefill: undefined }));
    expect(screen.getByRole<HTMLInputElement>('textbox', { name: 'Locks on the isolation points' }).value).toBe('');
    expect(screen.queryByTestId('question-from-record')).toBeNull();
  });
});
