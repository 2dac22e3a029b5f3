import type { Transaction } from 'kysely';
import type { Database } from '../schema';

/**
 * Each demo facility's gas configuration: the four parameters every confined
 * space and hot work entry measures, with the usual limits (OSHA 1910.146's acceptable entry
 * conditions; the ACGIH ceilings for H2S and CO), and one calibrated four-gas detector.
 */
export const demoGasParameters = [
  { code: 'O2', name: 'Oxygen', unit: '%', low_limit: 19.5, high_limit: 23.5 },
  { code: 'LEL', name: 'Flammable gas (lower explosive limit)', unit: '%', low_limit: null, high_limit: 10 },
  { code: 'H2S', name: 'Hydrogen sulphide', unit: 'ppm', low_limit: null, high_limit: 10 },
  { code: 'CO', name: 'Carbon monoxide', unit: 'ppm', low_limit: null, high_limit: 35 },
] as const;

/** A reading well within the limits, as the demo's passing tests record it. */
export const demoPassingReading: Record<string, number> = { O2: 20.9, LEL: 0, H2S: 0, CO: 2 };

export async function seedDemoGasTests(trx: Transaction<Database>, facilityIds: number[]): Promise<void> {
  // Due six months after the seed ran: every demo test (the last 45 days) and the next months' are within it.
  const due = new Date(Date.now() + 182 * 24 * 3_600_000).toISOString().slice(0, 10);
  for (const [i, facilityId] of facilityIds.entries()) {
    await trx
      .insertInto('gas_parameters')
      .values(demoGasParameters.map((p, order) => ({ facility_id: facilityId, ...p, sort_order: order + 1 })))
      .execute();
    await trx
      .insertInto('gas_instruments')
      .values({
        facility_id: facilityId,
        name: 'MSA Altair 4XR four-gas detector',
        serial: i === 0 ? 'AX4-1042' : 'AX4-2077',
        calibration_due: due,
      })
      .execute();
  }
}
