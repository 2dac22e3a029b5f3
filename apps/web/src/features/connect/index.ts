// Hasp Connect: API keys, webhook subscriptions and their delivery log.

// What app/ composes (loaded lazily after sign-in).

export { ConnectPage } from './components/ConnectPage';
