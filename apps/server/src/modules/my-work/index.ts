// My work: the landing page's worklists of the permits awaiting the signed-in user.

export { myWorkRoutes } from './my-work.routes';
