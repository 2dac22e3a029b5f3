// My work: the landing page's cards of what waits on the signed-in user (permits held, crews, locks),
// each with its next step.

export { myWorkRoutes } from './my-work.routes';
