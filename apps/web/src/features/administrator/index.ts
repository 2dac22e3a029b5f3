/** The administrator feature's public face: what app/ composes (loaded lazily after sign-in). */
export { AdministratorPage } from './components/AdministratorPage';
