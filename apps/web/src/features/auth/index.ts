/** The auth feature's public face: what app/ composes. */
export { LoginPage } from './components/LoginPage';
