/**
 * A lock's QR label (Lock Manage prints it; the point's lock picker scans it): the text of the QR
 * code is `HASP-LOCK:<facilityId>:<serial>` (decision 0105). Serials are unique per facility
 * whatever their case, so the facility and the serial name one lock; the facility's id keeps a
 * label of another plant from picking a lock of the same serial here.
 */
export const LOCK_LABEL_PREFIX = 'HASP-LOCK:';

/** The QR code's text for a lock. @example lockLabelText(1, 'L-0042') === 'HASP-LOCK:1:L-0042' */
export const lockLabelText = (facilityId: number, serial: string): string =>
  `${LOCK_LABEL_PREFIX}${facilityId}:${serial}`;

/** What a scanned text names: a lock of a facility, or null when it is not a Hasp lock label. */
export function parseLockLabel(text: string): { facilityId: number; serial: string } | null {
  if (!text.startsWith(LOCK_LABEL_PREFIX)) return null;
  const rest = text.slice(LOCK_LABEL_PREFIX.length);
  // The serial is everything after the facility's id: a serial may hold a colon itself.
  const colon = rest.indexOf(':');
  if (colon < 1) return null;
  const facilityId = Number(rest.slice(0, colon));
  const serial = rest.slice(colon + 1).trim();
  if (!Number.isSafeInteger(facilityId) || facilityId < 1 || !serial) return null;
  return { facilityId, serial };
}

/**
 * The lock a scanned label picks among the locks the user may apply here (serials compared without
 * case, as the facility keeps them unique), or why not: `other-facility`, `not-a-label`, or
 * `not-applicable` (with the serial read, for "Lock L-0042 is not yours or assigned to this permit").
 */
export function pickScannedLock<T extends { serial: string }>(
  text: string,
  facilityId: number,
  applicable: readonly T[],
):
  | { lock: T }
  | { refusal: 'not-a-label' }
  | { refusal: 'other-facility'; serial: string }
  | { refusal: 'not-applicable'; serial: string } {
  const label = parseLockLabel(text);
  if (!label) return { refusal: 'not-a-label' };
  if (label.facilityId !== facilityId) return { refusal: 'other-facility', serial: label.serial };
  const serial = label.serial.toLowerCase();
  const lock = applicable.find((l) => l.serial.toLowerCase() === serial);
  return lock ? { lock } : { refusal: 'not-applicable', serial: label.serial };
}
