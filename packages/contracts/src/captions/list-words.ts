import { defineCaptions } from './define-captions';

/**
 * How a rule's list of names (point codes, people) is joined in the reader's language: "E-1, P-2
 * and T-3" is "E-1, P-2 y T-3" in Spanish. `first` is every item but the last, joined by commas.
 */
export const listWordCaptions = defineCaptions('Label', 'Rules_List_Words', {
  and: '{{first}} and {{last}}',
});
