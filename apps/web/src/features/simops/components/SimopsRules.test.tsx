import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SimopsRules as Rules } from '@hasp/contracts';
import { confinedSpace, hotWork } from '../test-data';
import { SimopsRules } from './SimopsRulesPage';

const loto = { ID: 1, code: 'LOTO', name: 'Lockout/tagout' };
const rules: Rules = {
  rules: [
    { first: hotWork, second: confinedSpace, mode: 'block' },
    { first: hotWork, second: hotWork, mode: 'warn' },
  ],
  types: [loto, hotWork, confinedSpace],
};

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** What the server answers a PUT: the rules after it, or a refusal. */
let put: (body: unknown) => Response;
const sent: unknown[] = [];

beforeEach(() => {
  sent.length = 0;
  put = () => json(rules);
  vi.stubGlobal(
    'fetch',
    vi.fn(async (_input: string, init?: RequestInit) => {
      if (init?.method !== 'PUT') return json(rules);
      const body: unknown = JSON.parse(init.body as string);
      sent.push(body);
      return put(body);
    }),
  );
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderRules() {
  const client = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity, retry: false } } });
  render(
    <MantineProvider>
      <QueryClientProvider client={client}>
        <SimopsRules />
      </QueryClientProvider>
    </MantineProvider>,
  );
}

describe('the SIMOPS rules screen', () => {
  it('lists each pair with its rule in words', async () => {
    renderRules();
    const rows = await screen.findAllByRole('row');
    // The header, then one row per rule.
    expect(rows).toHaveLength(3);
    expect(within(rows[1]!).getAllByText(/HOT — Hot work|CSE — Confined space entry|Block/)).toHaveLength(3);
    expect(within(rows[2]!).getByText('Warn')).toBeTruthy();
  });

  it('a refused rule: the server says why in place and the choices stay', async () => {
    put = () => json({ code: 'VALIDATION_FAILED', message: 'Permit type: no such permit type in this facility' }, 400);
    renderRules();
    fireEvent.click(await screen.findByRole('button', { name: 'Add rule' }));
    const form = screen.getByRole('form', { name: 'Add a rule' });
    fireEvent.change(within(form).getByLabelText(/Type A/), { target: { value: '1' } });
    fireEvent.change(within(form).getByLabelText(/Type B/), { target: { value: '5' } });
    fireEvent.change(within(form).getByLabelText(/Rule/), { target: { value: 'warn' } });
    fireEvent.submit(form);
    expect(await within(form).findByText('Not saved: Permit type: no such permit type in this facility')).toBeTruthy();
    expect(sent).toEqual([{ firstTypeId: 1, secondTypeId: 5, mode: 'warn' }]);
    expect(within(form).getByLabelText<HTMLSelectElement>(/Type A/).value).toBe('1');
    expect(within(form).getByLabelText<HTMLSelectElement>(/Type B/).value).toBe('5');
    expect(within(form).getByLabelText<HTMLSelectElement>(/Rule/).value).toBe('warn');
  });

  it('asks for both types before sending', async () => {
    renderRules();
    fireEvent.click(await screen.findByRole('button', { name: 'Add rule' }));
    fireEvent.submit(screen.getByRole('form', { name: 'Add a rule' }));
    expect(await screen.findAllByText('Choose both permit types.')).toHaveLength(2);
    expect(sent).toEqual([]);
  });

  it('changes a rule’s mode and removes a rule (mode none)', async () => {
    renderRules();
    fireEvent.click(await screen.findByRole('button', { name: 'Change the rule of HOT with HOT' }));
    const form = screen.getByRole('form', { name: 'Change the rule of HOT with HOT' });
    fireEvent.change(within(form).getByLabelText(/Rule/), { target: { value: 'block' } });
    fireEvent.submit(form);
    await vi.waitFor(() => expect(screen.queryByRole('form')).toBeNull());
    fireEvent.click(screen.getByRole('button', { name: 'Remove HOT with CSE' }));
    await vi.waitFor(() => expect(sent).toHaveLength(2));
    expect(sent).toEqual([
      { firstTypeId: 3, secondTypeId: 3, mode: 'block' },
      { firstTypeId: 3, secondTypeId: 5, mode: 'none' },
    ]);
  });
});
