// The login page's data: the connection names and what the page shows before sign-in.

export { loginRoutes } from './login.routes';
