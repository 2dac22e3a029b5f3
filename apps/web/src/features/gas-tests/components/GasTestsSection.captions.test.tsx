import { cleanup, render, screen } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, describe, expect, it } from 'vitest';
import type { GasTest, GasTestsView, Permit } from '@hasp/contracts';
import { formatDateTime } from '../../../lib/date-time';
import { setLanguage } from '../../../lib/i18n';
import { strays, speakMarkerLanguage } from '../../../test/caption-markers';
import { GasTestsSection } from './GasTestsSection';

/**
 * The Gas tests section (a floor screen) speaks only in captions: drawn in the marker language,
 * nothing but the tests' own data (gases, units, values, limits, names, places, times) and the
 * server's refusal may be left outside them.
 */

const at = '2026-11-24T08:00:00.000Z';
const parameters = [
  { ID: 1, code: 'O2', name: 'Oxygen', unit: '%', lowLimit: 19.5, highLimit: 23.5, isActive: true, sortOrder: 1 },
  {
    ID: 3,
    code: 'H2S',
    name: 'Hydrogen sulphide',
    unit: 'ppm',
    lowLimit: null,
    highLimit: 10,
    isActive: true,
    sortOrder: 2,
  },
];
const test: GasTest = {
  ID: 5,
  testedAt: at,
  location: 'Tank T-3 manway',
  instrument: { ID: 2, name: 'Altair', serial: 'AX4-1042', calibrationDue: '2027-05-31' },
  tester: { ID: null, name: 'Pat Tester' },
  recordedBy: { ID: 31, name: 'Wren Worker' },
  recordedAt: at,
  readings: [
    {
      parameterId: 1,
      code: 'O2',
      name: 'Oxygen',
      unit: '%',
      value: 20.9,
      lowLimit: 19.5,
      highLimit: 23.5,
      inLimits: true,
    },
    {
      parameterId: 3,
      code: 'H2S',
      name: 'Hydrogen sulphide',
      unit: 'ppm',
      value: 12,
      lowLimit: null,
      highLimit: 10,
      inLimits: false,
    },
  ],
  inLimits: false,
  voided: null,
};
const refusal = 'Gas test: H2S 12 ppm is above the limit of 10 ppm.';
const view = (over: Partial<GasTestsView>): GasTestsView => ({
  permitId: 7,
  version: 1,
  retestMinutes: 120,
  refusal,
  parameters,
  instruments: [{ ID: 2, name: 'Altair', serial: 'AX4-1042', calibrationDue: '2027-05-31', isActive: true }],
  tests: [test],
  canRecord: true,
  canVoid: true,
  ...over,
});
const data = [
  refusal,
  'O2',
  'H2S',
  '%',
  'ppm',
  '20.9',
  '12',
  '19.5–23.5 %',
  '≤ 10 ppm',
  'Tank T-3 manway',
  'Altair',
  'AX4-1042',
  '2027-05-31',
  'Pat Tester',
  'Wren Worker',
  'Entered on the wrong permit',
  formatDateTime(at),
];

async function renderSection(shown: GasTestsView) {
  await speakMarkerLanguage((url) => (url.pathname.endsWith('/gas-tests') ? shown : []));
  const client = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity, retry: false } } });
  return render(
    <MantineProvider>
      <QueryClientProvider client={client}>
        <GasTestsSection permit={{ ID: 7 } as Permit} />
      </QueryClientProvider>
    </MantineProvider>,
  );
}

describe('the Gas tests section speaks only in captions', () => {
  afterEach(async () => {
    cleanup();
    await setLanguage('en');
  });

  it('a failing test: the verdict, the form with limits, the out-of-limit reading in words', async () => {
    await renderSection(view({}));
    await screen.findByRole('button', { name: '⟦Record gas test⟧' });
    expect(screen.getByText(refusal)).toBeTruthy();
    expect(strays(data)).toEqual([]);
  });

  it('a passing test and a voided one', async () => {
    await renderSection(
      view({
        refusal: null,
        canRecord: false,
        tests: [
          { ...test, ID: 6, readings: test.readings.map((r) => ({ ...r, value: 1, inLimits: true })), inLimits: true },
          { ...test, voided: { at, by: 'Wren Worker', reason: 'Entered on the wrong permit' } },
        ],
      }),
    );
    await screen.findByText(/⟦Gas test in limits⟧/);
    expect(strays([...data, '1'])).toEqual([]);
  });

  it('keeps the English the floor spec finds things by', async () => {
    await renderSection(view({}));
    await setLanguage('en');
    expect(await screen.findByRole('button', { name: 'Record gas test' })).toBeTruthy();
    expect(screen.getAllByText(/Out of limits \(≤ 10 ppm\)/).length).toBeGreaterThan(0);
  });
});
