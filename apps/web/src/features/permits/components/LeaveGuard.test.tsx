import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { MantineProvider } from '@mantine/core';
import { useState } from 'react';
import { MemoryRouter, Route, Routes, useNavigate } from 'react-router';
import { passLeaveGuard } from '../model/leave-guard';
import { LeaveGuard } from './LeaveGuard';

/** A permit page with unsaved edits (or none) and buttons that navigate from code, as the notification panel does. */
function EditPage({ dirty }: { dirty: boolean }) {
  const navigate = useNavigate();
  const [saved, setSaved] = useState(false);
  return (
    <>
      <h1>Permit 7</h1>
      <LeaveGuard when={dirty && !saved} />
      <button onClick={() => void navigate('/index?view=held')}>Open from code</button>
      <button onClick={() => void navigate('/Permit/Edit/7#history')}>Same page</button>
      <button
        onClick={() => {
          setSaved(true);
          void navigate('/Permit/Edit/8', { state: passLeaveGuard });
        }}
      >
        Save and go
      </button>
    </>
  );
}

function renderPage(dirty: boolean) {
  return render(
    <MantineProvider>
      <MemoryRouter initialEntries={['/Permit/Edit/7']}>
        <Routes>
          <Route path="/Permit/Edit/7" element={<EditPage dirty={dirty} />} />
          <Route path="/Permit/Edit/8" element={<h1>Permit 8</h1>} />
          <Route path="/index" element={<h1>Permit index</h1>} />
        </Routes>
      </MemoryRouter>
    </MantineProvider>,
  );
}

const heading = () => screen.getByRole('heading', { level: 1 }).textContent;

describe('LeaveGuard and navigations from code', () => {
  afterEach(cleanup);

  it('asks before navigate() leaves unsaved edits, and stays when told to', async () => {
    renderPage(true);
    fireEvent.click(screen.getByText('Open from code'));
    expect(await screen.findByText('Leave without saving?')).toBeTruthy();
    expect(heading()).toBe('Permit 7');
    fireEvent.click(screen.getByText('Stay on this page'));
    expect(heading()).toBe('Permit 7');
  });

  it('goes where navigate() meant to once the user chooses to lose the edits', async () => {
    renderPage(true);
    fireEvent.click(screen.getByText('Open from code'));
    fireEvent.click(await screen.findByText('Leave and lose changes'));
    expect(await screen.findByRole('heading', { name: 'Permit index' })).toBeTruthy();
  });

  it('lets through a move within the page, the page’s own navigation after a save, and any move when nothing is unsaved', async () => {
    renderPage(true);
    fireEvent.click(screen.getByText('Same page'));
    expect(screen.queryByText('Leave without saving?')).toBeNull();
    fireEvent.click(screen.getByText('Save and go'));
    expect(await screen.findByRole('heading', { name: 'Permit 8' })).toBeTruthy();
    cleanup();
    renderPage(false);
    fireEvent.click(screen.getByText('Open from code'));
    expect(await screen.findByRole('heading', { name: 'Permit index' })).toBeTruthy();
  });
});
