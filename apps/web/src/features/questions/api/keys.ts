import type { QuestionListQuery, QuestionStage } from '@hasp/contracts';

/** Every Question Manage query key, in one place: mutations invalidate by these. */
export const questionKeys = {
  all: ['questions'] as const,
  lists: () => [...questionKeys.all, 'list'] as const,
  list: (query: QuestionListQuery) => [...questionKeys.lists(), query] as const,
  detail: (id: number) => [...questionKeys.all, 'detail', id] as const,
  permitTypes: () => [...questionKeys.all, 'permit-types'] as const,
  forms: () => [...questionKeys.all, 'form'] as const,
  form: (permitTypeId: number, stage: QuestionStage) => [...questionKeys.forms(), permitTypeId, stage] as const,
};
