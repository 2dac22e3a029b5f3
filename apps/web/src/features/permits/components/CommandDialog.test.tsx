import 'fake-indexeddb/auto';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { useImperativeHandle } from 'react';
import { QueryClient, QueryClientProvider, onlineManager } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  SIGNING_SEAL_KEY_REFERENCE,
  signatureMessages,
  type Permit,
  type SealedSignaturePayload,
  type SigningSealKey,
} from '@hasp/contracts';
import { authSession } from '../../../lib/auth-session';
import { translate } from '../../../lib/i18n';
import { networkState } from '../../../lib/network-state';
import { browserDatabase, ownerKey, type OutboxItem } from '../../../offline-db';
import { installOfflinePermitSource } from '../offline/offline-source';
import { permitOfflineApplier } from '../offline/local-apply';
import { configureOfflinePermits, type OutboxCommand } from '../offline/outbox';
import { CommandFieldsContext, type CommandFieldsProps } from '../model/command-fields';
import { CommandDialog } from './CommandDialog';

/**
 * A signed verb's dialog asks for the password; offline it cannot ask how the user signs, and asks
 * for it at once. Offline the password is sealed for the queued command and never queued itself.
 */

const hour = 3_600_000;
const permit = {
  ID: 7,
  number: 'LOTO-0007',
  permitType: { ID: 1, code: 'LOTO', name: 'Lockout', icon: 'lock', color: '#c00', sections: [] },
  status: 'active',
  title: 'Pump 3 seal',
  description: '',
  workMethod: '',
  area: null,
  assets: [],
  plannedStart: new Date(Date.now() - 2 * hour).toISOString(),
  plannedEnd: new Date(Date.now() + 6 * hour).toISOString(),
  requester: { ID: 3, displayName: 'Rae Requester' },
  holder: { ID: 21, displayName: 'Ann Smith' },
  issuer: { ID: 5, displayName: 'Ivo Issuer' },
  approvals: [],
  riskLevel: 'medium',
  revision: 1,
  version: 3,
  extensionCount: 0,
  statusReason: null,
  allowedCommands: ['complete-work'],
  voidedAt: null,
  voidReason: null,
  createdAt: new Date(Date.now() - 3 * hour).toISOString(),
  updatedAt: new Date(Date.now() - hour).toISOString(),
} as unknown as Permit;

const answer = vi.fn(
  async () =>
    new Response(JSON.stringify({ method: 'password', identityProvider: null }), {
      headers: { 'content-type': 'application/json' },
    }),
);

beforeEach(() => {
  answer.mockClear();
  vi.stubGlobal('fetch', answer);
});

afterEach(() => {
  cleanup();
  onlineManager.setOnline(true);
  vi.unstubAllGlobals();
});

function renderDialog(
  client = new QueryClient({ defaultOptions: { queries: { retry: false } } }),
  { of = permit, verb = 'complete-work' }: { of?: Permit; verb?: Permit['allowedCommands'][number] } = {},
) {
  render(
    <MantineProvider>
      <QueryClientProvider client={client}>
        <CommandDialog permit={of} verb={verb} onClose={() => undefined} onStale={() => undefined} />
      </QueryClientProvider>
    </MantineProvider>,
  );
}

const passwordField = () => screen.queryByLabelText(/Your password/, { selector: 'input' });

describe('a signed verb’s dialog', () => {
  it('online: the meaning, then the password once the signing method is known', async () => {
    renderDialog();
    expect(await screen.findByLabelText(/Your password/, { selector: 'input' })).toBeTruthy();
    expect(screen.getByTestId('signature-meaning').textContent).toBe(
      'By signing you confirm: Work complete: handed back',
    );
    expect(screen.getByRole('button', { name: 'Complete work' }).hasAttribute('disabled')).toBe(false);
    // The show-password button speaks the app's words, not Mantine's English default.
    expect(screen.getByRole('button', { name: 'Show password' })).toBeTruthy();
  });

  it('offline: asks for the password at once and may be confirmed (the method query waits for the network)', () => {
    onlineManager.setOnline(false);
    renderDialog();
    expect(passwordField()).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Complete work' }).hasAttribute('disabled')).toBe(false);
    expect(answer).not.toHaveBeenCalled();
  });
});

describe('a signed verb given offline', () => {
  const key: SigningSealKey = { keyId: 4, publicKey: 'TUlJQklqQU5CZ2txaGtpRzl3MEJBUUVGQUFPQ0FR' };
  const queued: OutboxCommand[] = [];
  const sealed: SealedSignaturePayload[] = [];
  const db = browserDatabase();

  beforeEach(async () => {
    queued.length = 0;
    sealed.length = 0;
    configureOfflinePermits({
      queueCommand: async (_db, owner, command) => {
        queued.push(command);
        return { ...owner, ...command } as unknown as OutboxItem;
      },
      sealSignature: async (given, payload) => {
        sealed.push(payload);
        return { keyId: given.keyId, ciphertext: 'c2VhbGVkLWZvci10aGUtc2VydmVy' };
      },
      appliers: [permitOfflineApplier],
    });
    authSession.start({
      token: 'token',
      user: { ID: 21, displayName: 'Ann Smith' },
      facility: { ID: 1, name: 'North Plant' },
      connectionStringName: 'Demo',
    } as unknown as Parameters<typeof authSession.start>[0]);
    await db.permits.put({
      key: 'Demo:1:7',
      connectionStringName: 'Demo',
      facilityId: 1,
      userId: 21,
      permitType: 'LOTO',
      version: 3,
      data: { permit, sections: {}, versions: {} },
      updatedAt: new Date().toISOString(),
    });
    // The holder's permissions as the device kept them for a reload without a network.
    const owner = { connectionStringName: 'Demo', facilityId: 1, userId: 21 };
    await db.meta.put({ key: `permissions:${ownerKey(owner)}`, value: ['permit:view:LOTO'] });
    await db.reference.clear();
    networkState.setUserOffline(true);
    onlineManager.setOnline(false);
  });
  afterEach(() => networkState.setUserOffline(false));

  async function confirmOffline() {
    const client = new QueryClient({
      defaultOptions: { queries: { retry: false }, mutations: { networkMode: 'always', retry: false } },
    });
    installOfflinePermitSource(client);
    renderDialog(client);
    fireEvent.change(passwordField()!, { target: { value: 'typed-offline-pässword' } });
    fireEvent.click(screen.getByRole('button', { name: 'Complete work' }));
  }

  it('queues the password sealed for that one queued command, never the password itself', async () => {
    await db.reference.put({
      key: `Demo:1:${SIGNING_SEAL_KEY_REFERENCE}`,
      connectionStringName: 'Demo',
      facilityId: 1,
      data: key,
    } as never);
    await confirmOffline();
    await waitFor(() => expect(queued, screen.queryByRole('alert')?.textContent).toHaveLength(1));
    const [command] = queued;
    expect(command!.name).toBe('permit.complete-work');
    expect(command!.input).toEqual({
      sealedSignature: { keyId: 4, ciphertext: 'c2VhbGVkLWZvci10aGUtc2VydmVy' },
    });
    expect(JSON.stringify(command)).not.toContain('typed-offline-pässword');
    expect(JSON.stringify(command)).not.toMatch(/password/i);
    // Sealed with the password and bound to the command as queued: its permit, verb and key.
    expect(sealed).toEqual([
      {
        password: 'typed-offline-pässword',
        permitId: 7,
        verb: 'complete-work',
        commandId: command!.idempotencyKey,
        signedAt: expect.any(String) as string,
      },
    ]);
  });

  it('without a signing key on the device: says so and queues nothing', async () => {
    await confirmOffline();
    expect((await screen.findByRole('alert')).textContent).toContain(translate(signatureMessages.noSealKeyOffline));
    expect(queued).toEqual([]);
    expect(sealed).toEqual([]);
  });
});

describe('a shift handover', () => {
  // happy-dom has no font loading API; Mantine's autosizing textarea (the notes) listens to it.
  beforeEach(() => {
    if (!('fonts' in document))
      Object.defineProperty(document, 'fonts', { value: new EventTarget(), configurable: true });
  });
  const commandCalls = () =>
    answer.mock.calls.filter((call) => String((call as unknown[])[0]).includes('/commands/')).length;

  it('hand over asks for both notes before anything is sent', async () => {
    renderDialog(undefined, { verb: 'hand-over' });
    fireEvent.change(await screen.findByLabelText(/Your password/, { selector: 'input' }), {
      target: { value: 'typed again' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Hand over' }));
    expect(await screen.findByText('Abnormal conditions: say what is not normal, or write None')).toBeTruthy();
    expect(screen.getByText('Work remaining: say what is left to do, or write None')).toBeTruthy();
    // A typed note clears its own problem; the other stays until it is typed too.
    fireEvent.change(screen.getByRole('textbox', { name: /Abnormal conditions/ }), { target: { value: 'None' } });
    expect(screen.queryByText('Abnormal conditions: say what is not normal, or write None')).toBeNull();
    expect(screen.getByText('Work remaining: say what is left to do, or write None')).toBeTruthy();
    expect(commandCalls()).toBe(0);
  });

  it("accept shows the pending hand-over's notes and asks the new holder to confirm they read them", async () => {
    const handedOver = {
      ...permit,
      status: 'issued',
      allowedCommands: ['accept'],
      pendingHandover: {
        ID: 12,
        from: { ID: 30, displayName: 'Ola Outgoing' },
        to: { ID: 21, displayName: 'Ann Smith' },
        by: { ID: 30, displayName: 'Ola Outgoing' },
        at: new Date(Date.now() - hour).toISOString(),
        abnormalConditions: 'Valve V-3 passing',
        workRemaining: 'Refit the coupling guard',
        locksStaying: [{ ID: 4, serial: 'P-0042' }],
        acknowledged: null,
      },
    } as unknown as Permit;
    renderDialog(undefined, { of: handedOver, verb: 'accept' });
    const notes = screen.getByTestId('handover-notes');
    expect(notes.textContent).toContain('Handover notes from Ola Outgoing');
    expect(notes.textContent).toContain('Valve V-3 passing');
    expect(notes.textContent).toContain('Refit the coupling guard');
    expect(notes.textContent).toContain('P-0042');
    fireEvent.change(await screen.findByLabelText(/Your password/, { selector: 'input' }), {
      target: { value: 'typed again' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Accept' }));
    expect(await screen.findByText('Confirm you have read the handover notes')).toBeTruthy();
    expect(commandCalls()).toBe(0);
    fireEvent.click(screen.getByRole('checkbox', { name: 'I have read the handover notes' }));
    expect(screen.queryByText('Confirm you have read the handover notes')).toBeNull();
  });
});

describe('fields other features add to the dialog', () => {
  it('are given the body with its signature (an override signed with the dialog password reads it there)', async () => {
    const seen: object[] = [];
    function Added({ ref }: CommandFieldsProps) {
      useImperativeHandle(ref, () => ({
        collect: (body) => {
          seen.push(body);
          return null;
        },
      }));
      return null;
    }
    render(
      <MantineProvider>
        <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
          <CommandFieldsContext value={(props) => <Added {...props} />}>
            <CommandDialog permit={permit} verb="complete-work" onClose={() => undefined} onStale={() => undefined} />
          </CommandFieldsContext>
        </QueryClientProvider>
      </MantineProvider>,
    );
    fireEvent.change(await screen.findByLabelText(/Your password/, { selector: 'input' }), {
      target: { value: 'typed again' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Complete work' }));
    expect(seen).toEqual([{ password: 'typed again' }]);
  });
});

describe('a step that stops or ends work', () => {
  it('names itself in full on the confirm button, never a bare "Cancel" beside Back', () => {
    renderDialog(undefined, { verb: 'cancel' });
    const dialog = screen.getByRole('dialog');
    expect(within(dialog).getByRole('button', { name: 'Cancel this permit' })).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Back' })).toBeTruthy();
    expect(within(dialog).queryByRole('button', { name: 'Cancel' })).toBeNull();
  });
});
