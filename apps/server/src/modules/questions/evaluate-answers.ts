// The rule lives in contracts (decision 0064): the offline permit page judges answers with it too.
export { evaluateAnswers } from '@hasp/contracts';
