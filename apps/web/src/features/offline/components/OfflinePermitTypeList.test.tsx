import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { MantineProvider } from '@mantine/core';
import { MemoryRouter } from 'react-router';
import { defineCaptions } from '@hasp/contracts';
import { OfflinePermitTypeList, type OfflinePermitTypeGroup } from './OfflinePermitTypeList';

const columns = defineCaptions('Label', 'Test_Offline_Column', { permitNumber: 'Permit No.', asset: 'Asset' });

function renderList(groups: OfflinePermitTypeGroup[]) {
  return render(
    <MantineProvider>
      <MemoryRouter>
        <OfflinePermitTypeList groups={groups} />
      </MemoryRouter>
    </MantineProvider>,
  );
}

describe('OfflinePermitTypeList', () => {
  afterEach(cleanup);

  it('lists each type that has stored permits, with its count and its own columns', () => {
    renderList([
      {
        code: 'LOTO',
        name: 'LOTO Permit',
        columns: [
          { key: 'permitNumber', label: columns.permitNumber },
          { key: 'asset', label: columns.asset },
        ],
        permits: [
          { id: 'a', permitNumber: 'LOTO-0001', asset: 'Boiler feed pump' },
          { id: 'b', permitNumber: 'LOTO-0002', asset: 'Conveyor 3' },
        ],
      },
      {
        code: 'GEN',
        name: 'General Work',
        columns: [{ key: 'permitNumber', label: columns.permitNumber }],
        permits: [],
      },
    ]);
    const loto = screen.getByRole('region', { name: /LOTO Permit/ });
    expect(within(loto).getByLabelText('2 stored')).toBeTruthy();
    expect(
      within(loto)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Permit No.', 'Asset']);
    expect(within(loto).getByRole('cell', { name: 'Conveyor 3' })).toBeTruthy();
    expect(within(loto).getByRole('link', { name: 'Open the offline index' }).getAttribute('href')).toBe(
      '/offline/permit/LOTO/index',
    );
    // A type with nothing stored is not listed.
    expect(screen.queryByRole('region', { name: /General Work/ })).toBeNull();
  });

  it('says so when nothing is stored', () => {
    renderList([{ code: 'GEN', name: 'General Work', columns: [], permits: [] }]);
    expect(screen.getByRole('status').textContent).toBe('No permits are stored on this device for offline use.');
  });
});
