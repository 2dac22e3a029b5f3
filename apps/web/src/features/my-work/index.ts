// My work: the landing page of the user's permits, and the rule for landing on it.

export { MyWorkPage, OfflineMyWork, type OfflineHeldPermit } from './components/MyWorkPage';
export { useMyWork, myWorkKey } from './api/get-my-work';
export { landsOnMyWork } from './model/landing';
export { nextStepWords, permitTabPath } from './model/next-step';
