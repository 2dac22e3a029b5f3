// The login page: sign-in and its preloaded page data.

// What app/ composes.

export { LoginPage } from './components/LoginPage';
export { preloadLoginPageData } from './api/get-login-page-data';
export { prepareBeforeSignIn } from './api/login';
