/**
 * A permit's isolation plan (issue 16, module `isolation-plan`): the ordered points to isolate and the
 * OSHA 1910.147 (d) steps. Tables `permit_isolation_plans` and `permit_isolation_points` (migration
 * 2026-11-26T0900-loto).
 */

/**
 * A plan point's state. Pending → Isolated → Verified → Restored, with Verified ⇄ Test released for
 * live-for-test. Released: this permit let go of a point other permits still hold (shared isolation
 * point); the last permit holding it restores it.
 */
export const planPointStates = ['pending', 'isolated', 'verified', 'test_released', 'released', 'restored'] as const;
export type PlanPointState = (typeof planPointStates)[number];
export const planPointStateLabels: Record<PlanPointState, string> = {
  pending: 'Pending',
  isolated: 'Isolated',
  verified: 'Verified',
  test_released: 'Test released',
  released: 'Released',
  restored: 'Restored',
};
/** States in which a plan point holds its isolation point isolated ("held by permits X, Y"). */
export const holdingPlanPointStates: readonly PlanPointState[] = ['isolated', 'verified', 'test_released'];
