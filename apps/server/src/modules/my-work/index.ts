// The my-work module's public surface: app.ts imports only from here (decision 0027).
export { myWorkRoutes } from './my-work.routes';
