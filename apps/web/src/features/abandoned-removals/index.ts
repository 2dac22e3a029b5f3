// Abandoned lock and tag removal (OSHA 1910.147 (e)(3)): the supervisor's wizard on the permit
// page, and the applier's acknowledgement gate around every signed-in route.

// app/ composes both halves.

export { AbandonedRemovalEntry } from './components/AbandonedRemovalEntry';
export { AcknowledgementGate } from './components/AcknowledgementGate';
