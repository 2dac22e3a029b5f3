/**
 * Abandoned lock and tag removal, OSHA 1910.147 (e)(3) (issue 16). app/ composes both halves: the
 * supervisor's wizard on the permit page, and the applier's acknowledgement gate around every
 * signed-in route.
 */
export { AbandonedRemovalEntry } from './components/AbandonedRemovalEntry';
export { AcknowledgementGate } from './components/AcknowledgementGate';
