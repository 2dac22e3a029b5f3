import { gasTestStanding, gasTestsRefusalFields, gasTestsSectionRefusalSaid, type GasTestsView } from '@hasp/contracts';
import type { Db } from '../../db/schema';
import { listGasInstruments, listGasParameters } from './gas-config.repository';
import { gasTestCommandRefusal, type GasTestsState } from './gas-tests.policy';

/** The section as the caller sees it: the tests, the lifecycle's words on the latest, what they may do. */
export async function gasTestsView(
  db: Db,
  facilityId: number,
  state: GasTestsState,
  userId: number,
  now: Date,
  // The facility's lists: the same for every permit (the offline download reads them once for a page).
  lists?: Pick<GasTestsView, 'parameters' | 'instruments'>,
): Promise<GasTestsView> {
  const { parameters, instruments } = lists ?? (await gasTestLists(db, facilityId));
  const { permit, tests } = state;
  return {
    permitId: permit.id,
    version: state.version,
    retestMinutes: permit.retestMinutes,
    ...gasTestsRefusalFields(
      gasTestsSectionRefusalSaid({
        permit,
        standing: gasTestStanding(tests),
        retestMinutes: permit.retestMinutes,
        now,
      }),
    ),
    parameters,
    instruments,
    tests,
    canRecord: gasTestCommandRefusal(state, userId, 'record') === null,
    canVoid: gasTestCommandRefusal(state, userId, 'void') === null,
  };
}

/** The facility's active gas parameters and instruments, as the section lists them. */
export async function gasTestLists(
  db: Db,
  facilityId: number,
): Promise<Pick<GasTestsView, 'parameters' | 'instruments'>> {
  const [parameters, instruments] = await Promise.all([
    listGasParameters(db, facilityId, true),
    listGasInstruments(db, facilityId, true),
  ]);
  return { parameters, instruments };
}
