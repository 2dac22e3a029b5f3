import { myWorkStepCaptions, type Caption, type MyWorkItem, type MyWorkTab } from '@hasp/contracts';

/**
 * The words of a card's next step: the step's caption, with the lock's serial where it names one.
 * @example nextStepWords({ step: 'remove-lock', lock: { serial: 'L-0042', … } }) → remove-lock, { serial: 'L-0042' }
 */
export function nextStepWords(item: Pick<MyWorkItem, 'step' | 'lock'>): {
  caption: Caption;
  values: Record<string, string>;
} {
  return { caption: myWorkStepCaptions[item.step], values: { serial: item.lock?.serial ?? '' } };
}

/**
 * The permit page on the tab where the step is taken (the page reads `tab` from its URL).
 * @example permitTabPath(42, 'crew-sign-on') === '/Permit/Edit/42?tab=crew-sign-on'
 */
export function permitTabPath(permitId: number, tab: MyWorkTab): string {
  return tab === 'permit' ? `/Permit/Edit/${permitId}` : `/Permit/Edit/${permitId}?tab=${tab}`;
}
