import type { ReactNode } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, renderHook, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import type { LoginResult, Profile } from '@hasp/contracts';
import { authSession } from '../../lib/auth-session';
import { apiRequest } from '../../lib/http';
import { currentLanguage, setLanguage } from '../../lib/i18n';
import { useProfileLanguage } from './use-profile-language';

vi.mock('../../lib/http', () => ({ apiRequest: vi.fn() }));
vi.mock('../../lib/i18n', () => ({ currentLanguage: vi.fn(), setLanguage: vi.fn() }));

// apiRequest is overloaded; the mock answers as the profile call does.
const request = apiRequest as unknown as Mock<(path: string) => Promise<Profile>>;

const profile = (languageCode: string | null): Profile => ({
  ID: 7,
  userName: 'pat',
  displayName: 'Pat',
  email: null,
  languageCode,
  isActiveDirectoryUser: false,
  department: null,
  contact: null,
});

function renderWithQueries() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  return renderHook(() => useProfileLanguage(), { wrapper });
}

describe('useProfileLanguage', () => {
  beforeEach(() => {
    vi.mocked(currentLanguage).mockReturnValue('en');
    vi.mocked(setLanguage).mockResolvedValue(undefined);
    authSession.start({
      token: 't',
      connectionStringName: 'Demo',
      user: { ID: 7, userName: 'pat', displayName: 'Pat', email: null, groups: [], isActiveDirectoryUser: false },
      facility: { ID: 1, name: 'North Plant' },
    } as unknown as LoginResult);
  });

  afterEach(() => {
    cleanup();
    authSession.reset();
    vi.clearAllMocks();
  });

  it('switches to the saved language once the profile arrives', async () => {
    request.mockResolvedValue(profile('es'));
    renderWithQueries();
    await waitFor(() => expect(setLanguage).toHaveBeenCalledWith('es'));
    expect(request).toHaveBeenCalledTimes(1);
  });

  it('leaves the language alone when it is already shown or none is saved', async () => {
    request.mockResolvedValue(profile('en'));
    renderWithQueries();
    await waitFor(() => expect(request).toHaveBeenCalled());
    request.mockResolvedValue(profile(null));
    renderWithQueries();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(setLanguage).not.toHaveBeenCalled();
  });

  it('asks nobody while no one is signed in', async () => {
    authSession.reset();
    renderWithQueries();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(request).not.toHaveBeenCalled();
  });
});
