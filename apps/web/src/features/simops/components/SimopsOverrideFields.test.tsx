import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createRef } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Permit, PermitCommand, PermitSimops } from '@hasp/contracts';
import { ApiRequestError } from '../../../lib/http';
import { simopsView } from '../test-data';
import { SimopsOverrideFields, type SimopsOverrideHandle } from './SimopsOverrideFields';

let answer: PermitSimops;

beforeEach(() => {
  // happy-dom has no font loading API; Mantine's autosizing textarea listens to it.
  if (!('fonts' in document))
    Object.defineProperty(document, 'fonts', { value: new EventTarget(), configurable: true });
  answer = simopsView();
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(JSON.stringify(answer), { headers: { 'content-type': 'application/json' } })),
  );
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderFields(
  verb: PermitCommand,
  { passwordAsked = false, refusal }: { passwordAsked?: boolean; refusal?: unknown } = {},
) {
  const ref = createRef<SimopsOverrideHandle>();
  const client = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity, retry: false } } });
  render(
    <MantineProvider>
      <QueryClientProvider client={client}>
        <SimopsOverrideFields
          ref={ref}
          permit={{ ID: 7, version: 3 } as Permit}
          verb={verb}
          refusal={refusal ?? null}
          passwordAsked={passwordAsked}
        />
      </QueryClientProvider>
    </MantineProvider>,
  );
  return ref;
}

const collect = (ref: ReturnType<typeof renderFields>, body: object = {}) => {
  let added: object | null = null;
  act(() => {
    added = ref.current!.collect(body);
  });
  return added;
};

describe('the SIMOPS override in the Approve and Issue dialog', () => {
  it('shows the blocking conflict and adds nothing until Override is chosen', async () => {
    const ref = renderFields('issue');
    expect(await screen.findByText('CSE-0007')).toBeTruthy();
    expect(screen.getByText('The SIMOPS rules block this beside:')).toBeTruthy();
    expect(collect(ref)).toEqual({});
  });

  it('requires a reason and the password, then sends them as simopsOverride', async () => {
    const ref = renderFields('issue');
    fireEvent.click(await screen.findByRole('checkbox', { name: /Override the SIMOPS block/ }));
    expect(collect(ref)).toBeNull();
    expect(screen.getByText('SIMOPS override: a reason is required')).toBeTruthy();
    expect(screen.getByText('SIMOPS override: enter your password to sign it')).toBeTruthy();
    fireEvent.change(screen.getByRole('textbox', { name: /Reason for the override/ }), {
      target: { value: '  Entry crew stands down during the weld  ' },
    });
    fireEvent.change(screen.getByLabelText(/Your password/), { target: { value: 'hasp-demo-2026' } });
    expect(collect(ref)).toEqual({
      simopsOverride: { reason: 'Entry crew stands down during the weld', password: 'hasp-demo-2026' },
    });
  });

  it('Approve: signs the override with the password the dialog already asks', async () => {
    const ref = renderFields('approve', { passwordAsked: true });
    fireEvent.click(await screen.findByRole('checkbox', { name: /Override the SIMOPS block/ }));
    expect(screen.queryByLabelText(/Your password/)).toBeNull();
    fireEvent.change(screen.getByRole('textbox', { name: /Reason for the override/ }), {
      target: { value: 'Fire watch posted' },
    });
    expect(collect(ref, { password: 'pw' })).toEqual({
      simopsOverride: { reason: 'Fire watch posted', password: 'pw' },
    });
  });

  it('offers the override when the server refused for a conflict the list does not show yet', async () => {
    answer = simopsView({ conflicts: [] });
    const refusal = new ApiRequestError(409, {
      code: 'CONFLICT',
      message: 'This permit cannot be issued: the SIMOPS rules block it beside CSE-0007 …',
      details: [
        { field: 'code', message: 'PRECONDITION_FAILED' },
        { field: 'simopsConflicts', message: 'CSE-0007' },
      ],
    });
    renderFields('issue', { refusal });
    expect(await screen.findByRole('checkbox', { name: /Override the SIMOPS block/ })).toBeTruthy();
  });

  it('other commands: nothing shown, nothing added', async () => {
    const ref = renderFields('reject');
    await act(async () => {});
    expect(screen.queryByRole('checkbox')).toBeNull();
    expect(collect(ref)).toEqual({});
  });
});
