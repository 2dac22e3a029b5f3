import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { Suspense } from 'react';
import { authSession } from '../lib/auth-session';
import { resetHttpState } from '../lib/http';
import { jsonResponse, loginResult } from '../test/fixtures';
import { RequireSession, resetResumeAttempt, SignedOutOnly } from './guards';

function ShowLocation() {
  const location = useLocation();
  return <p>at {`${location.pathname}${location.search}`}</p>;
}

function renderAt(url: string) {
  return render(
    <MemoryRouter initialEntries={[url]}>
      <Suspense fallback={<p>checking</p>}>
        <Routes>
          <Route
            path="/login"
            element={
              <SignedOutOnly>
                <ShowLocation />
              </SignedOutOnly>
            }
          />
          <Route
            path="*"
            element={
              <RequireSession>
                <p>signed-in area</p>
                <ShowLocation />
              </RequireSession>
            }
          />
        </Routes>
      </Suspense>
    </MemoryRouter>,
  );
}

describe('route guards', () => {
  beforeEach(() => {
    resetResumeAttempt();
    authSession.reset();
  });
  afterEach(cleanup);

  it('resumes the session from the refresh cookie after a reload', async () => {
    const fetchMock = vi.fn(async () => jsonResponse(200, loginResult('fresh')));
    vi.stubGlobal('fetch', fetchMock);
    await act(async () => renderAt('/permits/7'));
    expect(await screen.findByText('signed-in area')).toBeTruthy();
    expect(fetchMock).toHaveBeenCalledWith('/api/auth/tokenrefresh', expect.objectContaining({ method: 'POST' }));
    expect(authSession.getToken()).toBe('fresh');
  });

  it("a reload with no network goes on with the tab's session, without a token, until the server is back", async () => {
    authSession.start(loginResult('before-reload'));
    authSession.reset();
    resetHttpState();
    vi.stubGlobal('fetch', async () => {
      throw new TypeError('Failed to fetch');
    });
    await act(async () => renderAt('/offline/dashboard'));
    expect(await screen.findByText('signed-in area')).toBeTruthy();
    expect(screen.getByText('at /offline/dashboard')).toBeTruthy();
    expect(authSession.getState().session).toMatchObject({ token: '', user: loginResult('x').user });
  });

  it('with no network and no session in this tab, it is the login screen', async () => {
    window.sessionStorage.clear();
    resetHttpState();
    vi.stubGlobal('fetch', async () => {
      throw new TypeError('Failed to fetch');
    });
    await act(async () => renderAt('/offline/dashboard'));
    expect(await screen.findByText('at /login?redirect=%2Foffline%2Fdashboard')).toBeTruthy();
    expect(authSession.getState().session).toBeNull();
  });

  it('sends a stranger to /login, remembering the attempted URL', async () => {
    vi.stubGlobal('fetch', async () => jsonResponse(401, { code: 'REFRESH_TOKEN_INVALID', message: 'ended' }));
    await act(async () => renderAt('/permits/7?tab=tags'));
    expect(await screen.findByText('at /login?redirect=%2Fpermits%2F7%3Ftab%3Dtags')).toBeTruthy();
  });

  it('does not remember / as a target', async () => {
    vi.stubGlobal('fetch', async () => jsonResponse(401, { code: 'REFRESH_TOKEN_INVALID', message: 'ended' }));
    await act(async () => renderAt('/'));
    expect(await screen.findByText('at /login')).toBeTruthy();
  });

  it('sends a signed-in user from /login to /', async () => {
    authSession.start(loginResult('t'));
    await act(async () => renderAt('/login?redirect=%2Fadmin'));
    expect(await screen.findByText('signed-in area')).toBeTruthy();
    expect(screen.getByText('at /')).toBeTruthy();
  });

  it('leaves the navigation to the form when the user signs in on the login screen', async () => {
    await act(async () => renderAt('/login?redirect=%2Fadmin'));
    act(() => authSession.start(loginResult('t')));
    expect(screen.getByText('at /login?redirect=%2Fadmin')).toBeTruthy();
  });

  it('shows the login screen without calling the server when this tab holds no session', async () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    await act(async () => renderAt('/login'));
    expect(screen.getByText('at /login')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
