import { describe, expect, it } from 'vitest';
import type { QuestionVersion } from '@hasp/contracts';
import { blockingOptions, emptyQuestionValues, inputOf, valuesOf } from './form-values';

describe('question form values', () => {
  it('sends choices, one per line, only for a choice question', () => {
    const values = {
      ...emptyQuestionValues,
      text: ' Method ',
      answerType: 'choice' as const,
      choicesText: 'Locked\n\n Tagged \n',
    };
    expect(inputOf(values)).toMatchObject({ text: 'Method', choices: ['Locked', 'Tagged'] });
    expect(inputOf({ ...values, answerType: 'text' }).choices).toEqual([]);
  });

  it('keeps a blocking answer only when it is one of the answers', () => {
    expect(inputOf({ ...emptyQuestionValues, blockingAnswer: 'no' }).blockingAnswer).toBe('no');
    const choice = { ...emptyQuestionValues, answerType: 'choice' as const, choicesText: 'A\nB', blockingAnswer: 'C' };
    expect(inputOf(choice).blockingAnswer).toBeNull();
    expect(blockingOptions(choice)).toEqual(['A', 'B']);
    expect(inputOf({ ...emptyQuestionValues, answerType: 'date', blockingAnswer: 'no' }).blockingAnswer).toBeNull();
  });

  it('sends a range only for a number question, empty as no limit', () => {
    const number = { ...emptyQuestionValues, answerType: 'number' as const, minValue: '19.5', maxValue: '' };
    expect(inputOf(number)).toMatchObject({ minValue: 19.5, maxValue: null });
    expect(inputOf({ ...number, answerType: 'text' })).toMatchObject({ minValue: null, maxValue: null });
  });

  it('round-trips a stored version', () => {
    const version: QuestionVersion = {
      ID: 1,
      questionID: 2,
      version: 3,
      text: 'Oxygen level (%)',
      answerType: 'number',
      choices: [],
      isMandatory: false,
      blockingAnswer: null,
      minValue: 19.5,
      maxValue: 23.5,
      fact: 'points-isolated',
      createdBy: 'A',
      createdAt: '',
    };
    expect(inputOf(valuesOf(version))).toEqual({
      text: 'Oxygen level (%)',
      answerType: 'number',
      choices: [],
      isMandatory: false,
      blockingAnswer: null,
      minValue: 19.5,
      maxValue: 23.5,
      fact: 'points-isolated',
    });
  });

  it('sends the fact a question is answered from only for a number question', () => {
    const number = { ...emptyQuestionValues, answerType: 'number' as const, fact: 'crew-signed-on' as const };
    expect(inputOf(number).fact).toBe('crew-signed-on');
    expect(inputOf({ ...number, fact: '' }).fact).toBeNull();
    expect(inputOf({ ...number, answerType: 'yes_no_na' }).fact).toBeNull();
  });
});
