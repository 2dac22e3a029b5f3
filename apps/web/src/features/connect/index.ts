/** Hasp Connect's public face: what app/ composes (loaded lazily after sign-in). */
export { ConnectPage } from './components/ConnectPage';
