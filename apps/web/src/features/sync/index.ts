/** The offline outbox and its sync with the server (issue 18): what other features may use. */
export { deviceIdOf, queueCommand, type QueuedCommand } from './queue-command';
