import { act, cleanup, render, screen } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { RightNavBar } from './RightNav';

afterEach(cleanup);

describe('the right nav icon bar', () => {
  it('names an icon when it takes keyboard focus, not only on hover', async () => {
    render(
      <MantineProvider>
        <MemoryRouter>
          <RightNavBar
            sections={[
              {
                group: null,
                items: [{ id: 'translations', entry: 'Translations', route: '/translations', enabled: true }],
              },
            ]}
          />
        </MemoryRouter>
      </MantineProvider>,
    );
    const icon = screen.getByRole('link', { name: 'Translations' });
    expect(screen.queryByRole('tooltip')).toBeNull();
    act(() => icon.focus());
    expect((await screen.findByRole('tooltip')).textContent).toBe('Translations');
  });
});
