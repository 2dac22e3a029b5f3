import { rightNavPermission, type GasConfig, type GasInstrumentInput, type GasParameterInput } from '@hasp/contracts';
import { AppError } from '../../plugins/app-error';
import { defineCommand, policyTable, type CommandRun } from '../../platform';
import { facilityConfigTarget, type FacilityConfigState } from '../settings';
import {
  findClash,
  gasConfig,
  insertGasInstrument,
  insertGasParameter,
  listGasInstruments,
  listGasParameters,
  updateGasInstrument,
  updateGasParameter,
} from './gas-config.repository';

/** The screen's permission: the administrators who configure permit types configure what they test. */
export const gasConfigPermission = rightNavPermission('administrator');
const screen = [gasConfigPermission];

export const gasConfigPolicy = policyTable<FacilityConfigState>()({
  'gas-parameter.create': { permissions: screen },
  'gas-parameter.edit': { permissions: screen },
  'gas-instrument.create': { permissions: screen },
  'gas-instrument.edit': { permissions: screen },
});

type Run<I> = CommandRun<I, FacilityConfigState>;
type Edit<T> = { id: number; values: T };

const clash = (field: string, message: string) => new AppError('CONFLICT', 409, message, [{ field, message }]);

/**
 * A change to the facility's gas configuration: the facility's configuration row is the target
 * (locked, so the uniqueness checks stay true until commit); answers the whole configuration.
 */
function gasConfigCommand<I>(name: keyof typeof gasConfigPolicy, change: (run: Run<I>) => Promise<void>) {
  return defineCommand({
    name,
    target: facilityConfigTarget,
    policy: gasConfigPolicy[name],
    async apply(run: Run<I>): Promise<GasConfig> {
      await change(run);
      return gasConfig(run.trx, run.state.facilityId);
    },
  });
}

const parameterValues = (input: GasParameterInput) => ({
  code: input.code,
  name: input.name,
  unit: input.unit,
  low_limit: input.lowLimit,
  high_limit: input.highLimit,
  ...(input.isActive === undefined ? {} : { is_active: input.isActive }),
});

const codeTaken = (code: string) => clash('code', `Code: the facility already measures ${code}`);

export const createGasParameter = gasConfigCommand<GasParameterInput>('gas-parameter.create', async (run) => {
  const { trx, input, state } = run;
  if (await findClash(trx, state.facilityId, { code: input.code }, null)) throw codeTaken(input.code);
  const id = await insertGasParameter(trx, state.facilityId, parameterValues(input));
  run.audit({ action: 'gas-parameter.create', entityType: 'gas_parameter', entityId: id, before: null, after: input });
  run.event({ name: 'gas-parameter.created', entityType: 'gas_parameter', entityId: id });
});

export const editGasParameter = gasConfigCommand<Edit<GasParameterInput>>('gas-parameter.edit', async (run) => {
  const { trx, input, state } = run;
  const before = (await listGasParameters(trx, state.facilityId)).find((p) => p.ID === input.id);
  if (!before) throw AppError.notFound('Gas parameter');
  if (await findClash(trx, state.facilityId, { code: input.values.code }, input.id)) throw codeTaken(input.values.code);
  const after = { ...before, ...input.values, isActive: input.values.isActive ?? before.isActive };
  if (JSON.stringify(after) === JSON.stringify(before)) return run.unchanged();
  await updateGasParameter(trx, state.facilityId, input.id, parameterValues(input.values));
  run.audit({ action: 'gas-parameter.edit', entityType: 'gas_parameter', entityId: input.id, before, after });
  run.event({ name: 'gas-parameter.changed', entityType: 'gas_parameter', entityId: input.id });
});

const instrumentValues = (input: GasInstrumentInput) => ({
  name: input.name,
  serial: input.serial,
  calibration_due: input.calibrationDue,
  ...(input.isActive === undefined ? {} : { is_active: input.isActive }),
});

const serialTaken = (serial: string) => clash('serial', `Serial: the facility already has an instrument ${serial}`);

export const createGasInstrument = gasConfigCommand<GasInstrumentInput>('gas-instrument.create', async (run) => {
  const { trx, input, state } = run;
  if (await findClash(trx, state.facilityId, { serial: input.serial }, null)) throw serialTaken(input.serial);
  const id = await insertGasInstrument(trx, state.facilityId, instrumentValues(input));
  run.audit({
    action: 'gas-instrument.create',
    entityType: 'gas_instrument',
    entityId: id,
    before: null,
    after: input,
  });
  run.event({ name: 'gas-instrument.created', entityType: 'gas_instrument', entityId: id });
});

export const editGasInstrument = gasConfigCommand<Edit<GasInstrumentInput>>('gas-instrument.edit', async (run) => {
  const { trx, input, state } = run;
  const before = (await listGasInstruments(trx, state.facilityId)).find((p) => p.ID === input.id);
  if (!before) throw AppError.notFound('Gas instrument');
  if (await findClash(trx, state.facilityId, { serial: input.values.serial }, input.id))
    throw serialTaken(input.values.serial);
  const after = { ...before, ...input.values, isActive: input.values.isActive ?? before.isActive };
  if (JSON.stringify(after) === JSON.stringify(before)) return run.unchanged();
  await updateGasInstrument(trx, state.facilityId, input.id, instrumentValues(input.values));
  run.audit({ action: 'gas-instrument.edit', entityType: 'gas_instrument', entityId: input.id, before, after });
  run.event({ name: 'gas-instrument.changed', entityType: 'gas_instrument', entityId: input.id });
});
