import { Component, Suspense, type ReactNode } from 'react';
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { isCodeLoadError, lazyPage } from './code-loading';

class Boundary extends Component<{ children: ReactNode }, { error: unknown }> {
  override state = { error: null as unknown };
  static getDerivedStateFromError(error: unknown) {
    return { error };
  }
  override render() {
    if (!this.state.error) return this.props.children;
    return <button onClick={() => this.setState({ error: null })}>retry</button>;
  }
}

afterEach(cleanup);

describe('code loading', () => {
  it("tells the browsers' failed chunk downloads from other errors", () => {
    expect(
      isCodeLoadError(new TypeError('Failed to fetch dynamically imported module: /assets/OfflinePages-x.js')),
    ).toBe(true);
    expect(isCodeLoadError(new TypeError('Importing a module script failed.'))).toBe(true);
    expect(isCodeLoadError(new TypeError('error loading dynamically imported module'))).toBe(true);
    expect(isCodeLoadError(new Error('Unable to preload CSS for /assets/x.css'))).toBe(true);
    expect(isCodeLoadError(new TypeError("Cannot read properties of undefined (reading 'ID')"))).toBe(false);
    expect(isCodeLoadError('Failed to fetch dynamically imported module')).toBe(false);
  });

  it('loads a page again after its download failed, where React.lazy would keep the failure', async () => {
    // Offline: every download fails (React itself renders once more before showing the boundary).
    let online = false;
    let calls = 0;
    const Page = lazyPage(async () => {
      calls += 1;
      if (!online) throw new TypeError('Failed to fetch dynamically imported module: /assets/Page.js');
      return { default: () => <p>the page</p> };
    });
    render(
      <Boundary>
        <Suspense fallback={<p>loading</p>}>
          <Page />
        </Suspense>
      </Boundary>,
    );
    const retry = await screen.findByRole('button', { name: 'retry' });
    const failed = calls;
    online = true;
    await act(async () => retry.click());
    expect(await screen.findByText('the page')).toBeTruthy();
    expect(calls).toBe(failed + 1);
  });
});
