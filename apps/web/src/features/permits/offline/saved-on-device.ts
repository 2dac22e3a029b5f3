import type { Permit } from '@hasp/contracts';
import { networkState } from '../../../lib/network-state';

/** Whether an answer came from the device (offline, or a permit made here) rather than the server. */
export const savedOnDevice = (permit: Pick<Permit, 'ID'>): boolean => !networkState.isOnline() || permit.ID < 0;
