/** The my-work feature's public face: the landing page and the rule for landing on it. */
export { MyWorkPage, OfflineMyWork, type OfflineHeldPermit } from './components/MyWorkPage';
export { useMyWork, myWorkKey } from './api/get-my-work';
export { landsOnMyWork } from './model/landing';
export { nextStepWords, permitTabPath } from './model/next-step';
