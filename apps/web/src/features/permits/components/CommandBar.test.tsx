import { cleanup, render, screen } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  commandRefusals,
  deny,
  listInWords,
  permitGuardCaptions,
  planPointStateCaptions,
  pointGroupCaptions,
  say,
  type Permit,
  type PermitFacts,
} from '@hasp/contracts';
import { loadCaptions, setLanguage } from '../../../lib/i18n';
import { CommandBar } from './CommandBar';

/**
 * Where a step is not offered, the command bar says why in the reader's language: the lifecycle's
 * refusal arrives with its caption and values (`said`), and the bar says it with the reader's
 * captions, the plugins' sentences and the points' states too.
 */

const hour = 3_600_000;
const permit = {
  ID: 7,
  number: 'LOTO-0007',
  permitType: { ID: 1, code: 'LOTO', name: 'Lockout', icon: 'lock', color: '#c00', sections: [] },
  status: 'isolated',
  title: 'Pump 3 seal',
  plannedStart: new Date(Date.now() - 2 * hour).toISOString(),
  plannedEnd: new Date(Date.now() + 6 * hour).toISOString(),
  requester: { ID: 3, displayName: 'Rae Requester' },
  holder: null,
  issuer: null,
  version: 3,
  allowedCommands: ['de-isolate'],
} as unknown as Permit;

const facts: PermitFacts = {
  status: 'isolated',
  typeCode: 'LOTO',
  requesterId: 3,
  holderId: null,
  issuerId: null,
  approverIds: [],
  plannedStart: permit.plannedStart,
  plannedEnd: permit.plannedEnd,
  extensionCount: 0,
  maxExtensions: 2,
  maxValidityHours: 24,
  now: new Date().toISOString(),
};
// The isolation plan's guard as the server registers it: the points left, grouped by their state.
const pointsVerified = () =>
  deny(
    'PRECONDITION_FAILED',
    say(
      permitGuardCaptions.verifyPoints,
      {},
      {},
      {},
      {
        points: [
          say(
            pointGroupCaptions.many,
            { points: listInWords(['E-1', 'P-2']) },
            { state: planPointStateCaptions.isolated },
          ),
          say(pointGroupCaptions.one, { points: 'T-3' }, { state: planPointStateCaptions.pending }),
        ],
      },
    ),
  );
const issuer = { userId: 5, permissions: new Set(['permit:view:LOTO', 'permit:issue:LOTO']), isSystem: false };
const refusals = commandRefusals(facts, issuer, { issue: [pointsVerified] });

// The Spanish the server ships for these captions (modules/translations/spanish).
const spanish = {
  Message: {
    Rules_Permit_Lifecycle: { nameHolder: 'Designe al titular (autoridad ejecutante) antes de emitir el permiso.' },
    Rules_Permit_Guards: { verifyPoints: 'Primero verifique todos los puntos de aislamiento: {{points}}.' },
    Rules_Point_Group: { one: '{{points}} está en {{state}}', many: '{{points}} están en {{state}}' },
  },
  Label: { IsolationPlan_PointState: { isolated: 'Aislado', pending: 'Pendiente' } },
  Button: { Permit_Command: { issue: 'Emitir', 'de-isolate': 'Desaislar' } },
};

function serve() {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string) => {
      const url = new URL(input, 'http://localhost');
      const body = url.pathname.endsWith('/command-refusals')
        ? { refusals }
        : url.searchParams.get('languageCode') === 'es'
          ? spanish
          : {};
      return new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
    }),
  );
}

afterEach(async () => {
  cleanup();
  await setLanguage('en');
  vi.unstubAllGlobals();
});

function renderBar() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <MantineProvider>
      <QueryClientProvider client={client}>
        <CommandBar permit={permit} blockedBy={null} onStale={() => undefined} />
      </QueryClientProvider>
    </MantineProvider>,
  );
}

describe('the command bar’s refusals', () => {
  it('says why Issue is not offered in English, word for word as the server refuses it', async () => {
    serve();
    await loadCaptions('Demo', 'en');
    renderBar();
    const refusal = await screen.findByText(/Name the holder/);
    expect(refusal.closest('p')?.textContent).toBe(
      'Issue: Name the holder (performing authority) before issuing the permit. Verify every isolation point first: E-1 and P-2 are Isolated; T-3 is Pending.',
    );
  });

  it('says it in Spanish for a Spanish reader: every sentence, the points’ states translated', async () => {
    serve();
    await loadCaptions('Demo', 'es');
    renderBar();
    const refusal = await screen.findByText(/Designe al titular/);
    expect(refusal.closest('p')?.textContent).toBe(
      'Emitir: Designe al titular (autoridad ejecutante) antes de emitir el permiso. Primero verifique todos los puntos de aislamiento: E-1 and P-2 están en Aislado; T-3 está en Pendiente.',
    );
  });
});
