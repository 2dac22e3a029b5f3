import { sql, type Transaction } from 'kysely';
import type { Database } from '../schema';

/**
 * The demo plant's work: what its permits are for. Each entry is a job a maintenance
 * crew really does, with the area it happens in and the permit type it needs; the story generator
 * (demo-permit-stories.ts) turns them into a few hundred permits in every state.
 */
export interface DemoWork {
  type: 'LOTO' | 'LTI' | 'HOT' | 'CSE' | 'ELEC' | 'GEN';
  /** The area's number (demo-assets.ts and plantAreas below). */
  area: string;
  /** Asset numbers in that area, if any. */
  assets?: string[];
  title: string;
  description: string;
  workMethod: string;
  hours: number;
}

/** Areas and assets beyond the press shop of demo-assets.ts, so permits spread across a plant. */
const plantAreas = [
  ['A-300', 'Packaging hall', 'Case packers, palletiser and the conveyors between them'],
  ['A-400', 'Boiler house', 'Steam boilers, feed water and condensate return'],
  ['A-500', 'Wastewater treatment', 'Clarifier, sludge pumps and the neutralisation pit'],
  ['A-600', 'Electrical substation', 'Incoming 13.8 kV switchgear, transformers and MCCs'],
] as const;
const plantAssets = [
  ['A-300', 'CV-301', 'Infeed belt conveyor 1', 'Interroll'],
  ['A-300', 'CV-302', 'Accumulation conveyor', 'Hytrol'],
  ['A-300', 'PL-310', 'Robotic palletiser', 'FANUC'],
  ['A-400', 'BL-401', 'Steam boiler 1 (12 t/h)', 'Cleaver-Brooks'],
  ['A-400', 'P-410', 'Boiler feed pump A', 'Grundfos'],
  ['A-400', 'P-411', 'Boiler feed pump B', 'Grundfos'],
  ['A-500', 'P-501', 'Sludge transfer pump', 'Netzsch'],
  ['A-500', 'TK-510', 'Neutralisation tank', 'Containment Solutions'],
  ['A-600', 'MCC-3', 'Motor control centre 3', 'Eaton'],
  ['A-600', 'TX-601', 'Transformer T1 13.8 kV / 480 V', 'ABB'],
  ['A-200', 'AC-201', 'Air compressor 1 (75 kW)', 'Atlas Copco'],
] as const;

/** Inserts the plant's further areas and assets in the first facility (a seed step of its own). */
export async function seedDemoPlantAssets(trx: Transaction<Database>, facilityId: number): Promise<void> {
  await trx
    .insertInto('areas')
    .values(plantAreas.map(([number, name, description]) => ({ facility_id: facilityId, number, name, description })))
    .onConflict((oc) => oc.columns(['facility_id', 'number']).doNothing())
    .execute();
  for (const [area, number, description, manufacturer] of plantAssets) {
    await sql`
      insert into assets (facility_id, area_id, number, description, manufacturer, location)
      select ${facilityId}, id, ${number}, ${description}, ${manufacturer}, ''
      from areas where facility_id = ${facilityId} and number = ${area}
      on conflict do nothing`.execute(trx);
  }
}

export const demoWork: DemoWork[] = [
  {
    type: 'LOTO',
    area: 'A-400',
    assets: ['P-410'],
    title: 'Replace mechanical seal on boiler feed pump A',
    description:
      'Seal weeping at the drive end, about 1 litre per hour. Replace seal cartridge and check shaft sleeve.',
    workMethod: 'Isolate motor at MCC-3, close suction and discharge valves, drain casing, replace seal, leak test.',
    hours: 6,
  },
  {
    type: 'LOTO',
    area: 'A-400',
    assets: ['P-411'],
    title: 'Realign coupling on boiler feed pump B',
    description: 'Vibration 7.1 mm/s at the outboard bearing after the motor change. Laser-align the coupling.',
    workMethod: 'Lock out the motor breaker, verify zero speed, remove guard, align to 0.05 mm, refit guard.',
    hours: 4,
  },
  {
    type: 'LOTO',
    area: 'A-300',
    assets: ['CV-301'],
    title: 'Replace worn drive belt on infeed conveyor 1',
    description: 'Belt frayed at the splice and tracking to the left. Fit a new belt and re-tension.',
    workMethod: 'Isolate the drive at its local disconnect, block the take-up, replace belt, track at low speed.',
    hours: 5,
  },
  {
    type: 'LOTO',
    area: 'A-300',
    assets: ['CV-302'],
    title: 'Change gearbox oil on accumulation conveyor',
    description: 'Scheduled oil change (8,000 h). Sample sent to the lab showed iron above limit.',
    workMethod: 'Lock out the conveyor drive, drain and flush the gearbox, refill with ISO VG 220.',
    hours: 3,
  },
  {
    type: 'LOTO',
    area: 'A-300',
    assets: ['PL-310'],
    title: 'Replace gripper fingers on the palletiser robot',
    description: 'Two fingers cracked; cases slipping at the pick position.',
    workMethod: 'Robot to home, lock out the cell main switch and air supply, bleed air, replace fingers, teach pick.',
    hours: 4,
  },
  {
    type: 'LOTO',
    area: 'A-110',
    assets: ['PR-001'],
    title: 'Replace hydraulic hose on press 400 t',
    description: 'Pressure hose to the ram cylinder chafed through its outer layer.',
    workMethod: 'Lock out the main drive, dump the accumulator, verify 0 psi at PI-12, replace the hose, leak test.',
    hours: 5,
  },
  {
    type: 'LOTO',
    area: 'A-110',
    assets: ['PR-001-F'],
    title: 'Clear coil jam in the press feeder',
    description: 'Strip buckled in the straightener rolls after a coil change.',
    workMethod: 'Lock out feeder and press, block the rolls open, cut out the strip, inspect the rolls.',
    hours: 2,
  },
  {
    type: 'LOTO',
    area: 'A-500',
    assets: ['P-501'],
    title: 'Replace stator on the sludge transfer pump',
    description: 'Pump no longer reaches its rated head; stator worn.',
    workMethod: 'Lock out the motor, close and tag the suction and discharge valves, flush, replace the stator.',
    hours: 8,
  },
  {
    type: 'LOTO',
    area: 'A-200',
    assets: ['AC-201'],
    title: 'Replace air-end inlet valve on compressor 1',
    description: 'Compressor cycling on and off load every few seconds.',
    workMethod: 'Lock out the compressor, isolate and vent the receiver, replace the inlet valve, test run.',
    hours: 4,
  },
  {
    type: 'LTI',
    area: 'A-400',
    assets: ['BL-401'],
    title: 'Boiler 1 out of service for the annual inspection',
    description: 'Boiler stays isolated until the insurer\u2019s inspector signs it off.',
    workMethod: 'Isolate fuel, feed water, steam main and blowdown with locked valves and blinds; keys in lockbox 4.',
    hours: 240,
  },
  {
    type: 'LTI',
    area: 'A-500',
    assets: ['TK-510'],
    title: 'Neutralisation tank isolated pending lining repair',
    description: 'Rubber lining blistered; tank out of service until the contractor relines it.',
    workMethod: 'Blind the inlet and outlet, lock out the agitator and the dosing pumps, drain and vent.',
    hours: 720,
  },
  {
    type: 'HOT',
    area: 'A-400',
    title: 'Weld a new branch on the 150 psi steam line',
    description: 'Add a 2-inch branch for the new tracer header.',
    workMethod: 'Steam line isolated and drained under its LOTO; fire watch for 60 minutes after welding.',
    hours: 6,
  },
  {
    type: 'HOT',
    area: 'A-300',
    title: 'Cut and re-weld the conveyor support frame',
    description: 'Frame cracked at the leg base plate after a forklift strike.',
    workMethod: 'Grind out the crack, weld with 7018, screens up; extinguisher and fire watch.',
    hours: 4,
  },
  {
    type: 'HOT',
    area: 'A-500',
    title: 'Grind corroded bolts off the clarifier walkway',
    description: 'Handrail bolts seized; replace them with stainless ones.',
    workMethod: 'Gas test the area first; spark screens; fire watch until 30 minutes after grinding.',
    hours: 3,
  },
  {
    type: 'CSE',
    area: 'A-500',
    assets: ['TK-510'],
    title: 'Enter the neutralisation tank to inspect the lining',
    description: 'Visual inspection and spark test of the rubber lining.',
    workMethod: 'Tank isolated, ventilated and gas tested; attendant at the manway; rescue tripod rigged.',
    hours: 4,
  },
  {
    type: 'CSE',
    area: 'A-400',
    assets: ['BL-401'],
    title: 'Enter boiler 1 drum for the annual inspection',
    description: 'Inspector and one fitter enter the steam drum.',
    workMethod: 'Boiler under its long-term isolation, cooled below 40 \u00b0C, gas tested, forced ventilation.',
    hours: 6,
  },
  {
    type: 'CSE',
    area: 'A-500',
    title: 'Clean out the wet well of lift station 2',
    description: 'Rags and grit blocking the pump suctions.',
    workMethod: 'Pumps locked out, well ventilated, continuous four-gas monitor, attendant and winch.',
    hours: 5,
  },
  {
    type: 'ELEC',
    area: 'A-600',
    assets: ['MCC-3'],
    title: 'Replace MCC-3 bucket 4 starter',
    description: 'Contactor welded closed; bucket fed the feeder drive.',
    workMethod: 'Rack out the bucket, lock the handle, test for absence of voltage, replace the starter.',
    hours: 3,
  },
  {
    type: 'ELEC',
    area: 'A-600',
    assets: ['TX-601'],
    title: 'Thermographic repair on transformer T1 terminations',
    description: 'Hot spot of 85 \u00b0C on the X2 lug found in the infrared survey.',
    workMethod: 'Open and lock the primary switch, earth the windings, re-terminate the lug, torque to spec.',
    hours: 4,
  },
  {
    type: 'ELEC',
    area: 'A-600',
    assets: ['MCC-3'],
    title: 'Add a feeder for the new palletiser in MCC-3',
    description: 'Install a 60 A breaker bucket in the spare space of section 2.',
    workMethod: 'Section 2 de-energised and locked out, absence of voltage tested, arc-flash PPE category 2.',
    hours: 6,
  },
  {
    type: 'ELEC',
    area: 'A-300',
    title: 'Replace the light fittings over the case packers',
    description: 'Six fittings failed; replace with LED high-bays.',
    workMethod: 'Lighting circuit locked off at DB-3, tested dead; mobile elevating work platform.',
    hours: 5,
  },
  {
    type: 'GEN',
    area: 'A-300',
    title: 'Paint the walkway lines in the packaging hall',
    description: 'Lines worn through at the forklift crossings.',
    workMethod: 'Barrier off each section, clean, apply two coats; no forklift traffic until dry.',
    hours: 8,
  },
  {
    type: 'GEN',
    area: 'A-200',
    title: 'Replace the filter elements of the instrument air dryer',
    description: 'Differential pressure above 0.7 bar.',
    workMethod: 'Switch to the standby dryer, vent the housing, replace elements, return to service.',
    hours: 2,
  },
  {
    type: 'GEN',
    area: 'A-400',
    title: 'Inspect and clean the condensate return strainers',
    description: 'Monthly check of the three strainers on the return header.',
    workMethod: 'Bypass each strainer in turn, vent and drain, clean the basket, refit with a new gasket.',
    hours: 3,
  },
  {
    type: 'GEN',
    area: 'A-110',
    title: 'Grease the press slide gibs',
    description: 'Weekly lubrication round on press line 1.',
    workMethod: 'Press at top dead centre, inch mode off, guard open under the press interlock.',
    hours: 1,
  },
  {
    type: 'GEN',
    area: 'A-500',
    title: 'Sample the clarifier sludge blanket',
    description: 'Monthly sample for the lab; walkway access only.',
    workMethod: 'Harness on the walkway outside the rails, sample pole, two people.',
    hours: 2,
  },
];
