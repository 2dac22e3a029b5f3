// What modules may use of the platform: the clock, the request context, commands, events,
// read-only snapshots, the server's bookkeeping and the records written apart from a command.
export { systemClock, movableClock, type Clock, type MovableClock } from './clock';
export { contextOf, systemActor, type Actor, type Caller, type RequestContext } from './request-context';
export {
  defineCommand,
  findCommand,
  type Command,
  type CommandDefinition,
  type CommandRun,
  type CommandTarget,
  type PolicyRule,
  type Versioned,
} from './commands/command';
export { savedRowTarget, type SavedRowState } from './commands/saved-row-target';
export {
  actorFacilityTarget,
  actorFacilityTargetLocking,
  bumpedByTheUseCase,
  type FacilityTargetState,
} from './commands/targets';
export { policyTable, checkPolicy, actorPermissions, actorForOneRequest } from './commands/policy';
export { runCommand, type CommandOutcome, type RunOptions } from './commands/run-command';
export { sendCommand, commandErrorResponses, expectedVersionOf } from './commands/command-route';
export { registerCommandRoutes, type CommandRouteDocs } from './commands/command-routes';
export { readInSnapshot, streamInSnapshot } from './db/read-snapshot';
export { writeBookkeeping } from './db/bookkeeping';
export { recordApart, recordCallAudit, type AuditWriter } from './audit/records-apart';
export { EventBus, type EventHandler } from './events/event-bus';
export { recordEvent, type DomainEvent, type DomainEventInput } from './events/record-event';
export { sendJobOnEvents, eventJobData, eventJobId, type JobsOf } from './events/event-jobs';
