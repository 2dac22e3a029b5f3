import { DEMO_PERMIT_STORIES_STEP, DEMO_SIMOPS_RULES_STEP } from '../../src/db/seed/demo';
import { DEMO_AREA_SUPERVISORS_STEP } from '../../src/db/seed/demo-area-supervisors';
import { DEMO_HAZARD_LINES_STEP } from '../../src/db/seed/demo-hazard-analysis';
import { DEMO_PRINT_LIST_STEP } from '../../src/db/seed/demo-print-list';
import { DEMO_LOCK_LABELS_STEP } from '../../src/db/seed/demo-lock-labels';

/**
 * The demo steps the server tests' template database leaves out, so each test file's permits are
 * its own (demo-permits.test.ts seeds the stories):
 * - the permit stories, with their hazard lines and print list (those steps run outside their
 *   transaction and need a second connection);
 * - the demo area supervisors (area-supervisors.test.ts sets its own);
 * - the demo lock labels recorded printed: every test lock's label waits, as a fresh lock's does;
 * - the SIMOPS rules: a file that seeds the stories later must meet them without rules, as a fresh
 *   demo does, or the rules would block the stories' own hot work beside confined space.
 */
export const TEMPLATE_LEAVES_OUT = [
  DEMO_PERMIT_STORIES_STEP,
  DEMO_HAZARD_LINES_STEP,
  DEMO_PRINT_LIST_STEP,
  DEMO_AREA_SUPERVISORS_STEP,
  DEMO_LOCK_LABELS_STEP,
  DEMO_SIMOPS_RULES_STEP,
];
