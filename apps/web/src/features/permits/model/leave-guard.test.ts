import { describe, expect, it } from 'vitest';
import { guardEntryState, isGuardEntry, leavingPathOf, popMeaning } from './leave-guard';

const here = { origin: 'https://hasp.test', pathname: '/Permit/Edit/7' };
function clickOn(html: string, modifiers: Partial<MouseEvent> = {}) {
  document.body.innerHTML = html;
  const target = document.querySelector('[data-click]')!;
  return leavingPathOf(
    {
      button: 0,
      metaKey: false,
      ctrlKey: false,
      shiftKey: false,
      altKey: false,
      defaultPrevented: false,
      target,
      ...modifiers,
    },
    here,
  );
}

describe('leave guard: which clicks leave the page', () => {
  it('holds back an in-app link to another page, also from inside the link', () => {
    expect(clickOn('<a href="/index?permitType=LOTO"><span data-click>Index</span></a>')).toBe(
      '/index?permitType=LOTO',
    );
  });
  it('lets through clicks that stay, open elsewhere or are not links', () => {
    expect(clickOn('<a data-click href="/Permit/Edit/7#history">Same page</a>')).toBeNull();
    expect(clickOn('<a data-click href="https://elsewhere.test/x">Other site</a>')).toBeNull();
    expect(clickOn('<a data-click href="/index" target="_blank">New tab</a>')).toBeNull();
    expect(clickOn('<a data-click href="/index">Index</a>', { ctrlKey: true })).toBeNull();
    expect(clickOn('<button data-click>Save</button>')).toBeNull();
  });
});

describe('leave guard: the Back button meets a guard entry', () => {
  const routerState = { usr: { from: 'index' }, key: 'k1', idx: 3 };
  const page = 'https://hasp.test/Permit/Edit/7';

  it("keeps the router's state on the guard entry and marks it", () => {
    const state = guardEntryState(routerState);
    expect(state).toMatchObject(routerState);
    expect(isGuardEntry(state)).toBe(true);
    expect(isGuardEntry(routerState)).toBe(false);
    expect(isGuardEntry(null)).toBe(false);
    expect(isGuardEntry(guardEntryState(null))).toBe(true);
  });
  it("asks only when Back lands on the page's own entry", () => {
    expect(popMeaning(routerState, page, page)).toBe('ask');
    expect(popMeaning(guardEntryState(routerState), page, page)).toBe('ignore');
    expect(popMeaning({ key: 'k0', idx: 2 }, 'https://hasp.test/index', page)).toBe('ignore');
  });
});
