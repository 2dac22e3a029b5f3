/** The auth feature's public face: what app/ composes. */
export { LoginPage } from './components/LoginPage';
export { preloadLoginPageData } from './api/get-login-page-data';
export { prepareBeforeSignIn } from './api/login';
