import type {
  GasTestsView,
  PermitQuestions,
  QuestionVersion,
  IsolationPlan,
  Lock,
  OfflinePermit,
  Permit,
  PlanPoint,
  Tag,
} from '@hasp/contracts';
import type { LocalActor, NameBook } from '../lib/offline-apply';

/** A permit as a device stores it, and the people who act on it: the offline appliers' tests share them. */
export const now = new Date('2026-11-24T10:00:00Z');

export const names: NameBook = {
  person: (id) => (id === 9 ? 'Nia Holder' : undefined),
  area: () => undefined,
  asset: () => undefined,
};

export const issuer: LocalActor = {
  userId: 5,
  displayName: 'Ivo Issuer',
  permissions: new Set(['permit:view:LOTO', 'permit:issue:LOTO', 'permit:approve:LOTO']),
};

export const requester: LocalActor = {
  userId: 3,
  displayName: 'Rae Requester',
  permissions: new Set(['permit:view:LOTO', 'permit:create:LOTO', 'permit:create-offline:LOTO']),
};

export function permitOf(over: Partial<Permit> = {}): Permit {
  return {
    ID: 42,
    number: 'LOTO-000042',
    permitType: { ID: 1, code: 'LOTO', name: 'Lockout', icon: 'lock', color: '#c00', sections: ['isolation-plan'] },
    status: 'approved',
    title: 'Pump 3 seal',
    description: '',
    workMethod: '',
    area: null,
    assets: [],
    plannedStart: '2026-11-24T08:00:00Z',
    plannedEnd: '2026-11-24T16:00:00Z',
    requester: { ID: 3, displayName: 'Rae Requester' },
    holder: { ID: 9, displayName: 'Nia Holder' },
    issuer: null,
    approvals: [{ user: { ID: 5, displayName: 'Ivo Issuer' }, approvedAt: '2026-11-24T07:00:00Z' }],
    riskLevel: 'medium',
    revision: 1,
    version: 7,
    extensionCount: 0,
    statusReason: null,
    allowedCommands: ['isolate', 'cancel'],
    voidedAt: null,
    voidReason: null,
    createdAt: '2026-11-24T06:00:00Z',
    updatedAt: '2026-11-24T07:00:00Z',
    ...over,
  };
}

export function pointOf(over: Partial<PlanPoint> = {}): PlanPoint {
  return {
    ID: 71,
    isolationPointId: 500,
    position: 1,
    state: 'pending',
    code: 'EV-1',
    location: 'Valve room',
    deviceType: 'Valve',
    normalPosition: 'Open',
    isolatedPosition: 'Closed',
    lockable: true,
    tagOnlyMeasure: '',
    verificationMethod: 'Try start',
    asset: { ID: 1, number: 'P-3' },
    component: { ID: 2, number: 'V-1', name: 'Valve' },
    isolated: null,
    verified: null,
    verifyMethod: null,
    verifyResult: null,
    testReleased: null,
    released: null,
    restored: null,
    heldBy: [],
    locks: [],
    tags: [{ ID: 801, number: 'T-801', state: 'printed', appliedBy: null }],
    ...over,
  };
}

export function planOf(over: Partial<IsolationPlan> = {}): IsolationPlan {
  return {
    permitId: 42,
    permitNumber: 'LOTO-000042',
    permitStatus: 'approved',
    version: 4,
    notified: null,
    shutDown: null,
    storedEnergyReleased: null,
    areaInspected: null,
    peopleClear: null,
    releaseNotified: null,
    points: [pointOf()],
    nextStep: null,
    allowedVerbs: [],
    ...over,
  };
}

export const tagOf = (over: Partial<Tag> = {}): Tag => ({
  ID: 801,
  number: 'T-801',
  permitId: 42,
  planPointId: 71,
  lockApplicationId: null,
  legend: null,
  reason: '',
  state: 'printed',
  point: { code: 'EV-1', location: 'Valve room' },
  printedAt: '2026-11-24T07:30:00Z',
  appliedBy: null,
  appliedAt: null,
  verifiedBy: null,
  verifiedAt: null,
  removedBy: null,
  removedAt: null,
  voidedAt: null,
  voidReason: null,
  missingAt: null,
  replacesTagId: null,
  statusToken: 'tok',
  version: 2,
  allowedCommands: ['apply'],
  ...over,
});

export const offline = (permit = permitOf(), plan = planOf(), tags = [tagOf()]): OfflinePermit => ({
  permit,
  sections: { 'isolation-plan': plan, tags },
  versions: { permit: 7, 'isolation-plan': 4 },
});

/** A signed verb queued offline carries its password sealed to the server's key (checked at sync, not here). */
export const sealed = { sealedSignature: { keyId: 1, ciphertext: 'c2VhbGVk' } };

export const lockOf = (over: Partial<Lock> = {}): Lock => ({
  ID: 61,
  serial: 'L-061',
  kind: 'padlock',
  colour: null,
  owner: null,
  status: 'available',
  note: '',
  version: 1,
  updatedAt: '2026-11-24T06:00:00Z',
  where: null,
  // A pool lock handed to the permit under test (decision 0114).
  assignedPermit: { ID: permitOf().ID, number: 'LOTO-000042' },
  ...over,
});

export const worker: LocalActor = { userId: 8, displayName: 'Wren Worker', permissions: new Set(['permit:view:LOTO']) };

export const uuid = '0b5e7f2a-1c3d-4e5f-8a9b-0c1d2e3f4a5b';

/** A plan shut down with EV-1 isolated and EV-2 still pending. */
export const isolated = () =>
  offline(
    permitOf(),
    planOf({
      notified: { by: { ID: 5, displayName: 'Ivo Issuer' }, at: '2026-11-24T08:00:00Z' },
      shutDown: { by: { ID: 5, displayName: 'Ivo Issuer' }, at: '2026-11-24T08:05:00Z' },
      points: [pointOf({ state: 'isolated' }), pointOf({ ID: 72, code: 'EV-2', tags: [] })],
    }),
  );

export const gasView = (over: Partial<GasTestsView> = {}): GasTestsView => ({
  permitId: 42,
  version: 3,
  retestMinutes: 120,
  refusal: 'Gas test: record a gas test before the permit is issued.',
  parameters: [
    { ID: 1, code: 'O2', name: 'Oxygen', unit: '%', lowLimit: 19.5, highLimit: 23.5, isActive: true, sortOrder: 1 },
    {
      ID: 2,
      code: 'H2S',
      name: 'Hydrogen sulphide',
      unit: 'ppm',
      lowLimit: null,
      highLimit: 10,
      isActive: true,
      sortOrder: 2,
    },
  ],
  instruments: [{ ID: 7, name: 'Quad detector', serial: 'QD-7', calibrationDue: '2026-12-31', isActive: true }],
  tests: [],
  canRecord: true,
  canVoid: true,
  ...over,
});

export const withGas = (view = gasView(), status: Permit['status'] = 'isolated'): OfflinePermit => ({
  permit: permitOf({
    status,
    permitType: { ID: 2, code: 'HOT', name: 'Hot work', icon: 'flame', color: '#f80', sections: ['gas-tests'] },
  }),
  sections: { 'gas-tests': view },
  versions: { permit: 7, 'gas-test': 3 },
});

export const gasTester: LocalActor = {
  userId: 8,
  displayName: 'Wren Worker',
  permissions: new Set(['permit:view:HOT', 'gas:test']),
};

export const reading = (o2: number, h2s: number) => ({
  readings: [
    { parameterId: 1, value: o2 },
    { parameterId: 2, value: h2s },
  ],
  instrumentId: 7,
  location: 'Tank 4 manway',
});

export const barricaded: QuestionVersion = {
  ID: 301,
  questionID: 30,
  version: 2,
  text: 'Is the area barricaded?',
  answerType: 'yes_no_na',
  choices: [],
  isMandatory: true,
  blockingAnswer: 'no',
  minValue: null,
  maxValue: null,
  createdBy: 'admin',
  createdAt: '2026-11-01T00:00:00Z',
};

export const withQuestions = (status: Permit['status'] = 'draft'): OfflinePermit => ({
  permit: permitOf({
    status,
    permitType: { ID: 1, code: 'LOTO', name: 'Lockout', icon: 'lock', color: '#c00', sections: ['questions'] },
  }),
  sections: {
    questions: {
      permitId: 42,
      version: 5,
      canAnswer: true,
      stages: [
        {
          stage: 'request',
          isOpen: true,
          problems: ['Question "Is the area barricaded?" must be answered before the permit is requested.'],
          questions: [{ question: barricaded, answer: null }],
        },
      ],
    } satisfies PermitQuestions,
  },
  versions: { permit: 7, 'permit-questions': 5 },
});

export const answer = (value: string) => ({ questionId: 30, stage: 'request', questionVersionId: 301, answer: value });
