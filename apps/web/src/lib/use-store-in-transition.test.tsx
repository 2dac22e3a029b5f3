import { act, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useStoreInTransition } from './use-store-in-transition';

function createStore(initial: Record<string, string>) {
  const values = { ...initial };
  const listeners = new Set<() => void>();
  return {
    read: (key: string) => values[key],
    set(key: string, value: string) {
      values[key] = value;
      listeners.forEach((listener) => listener());
    },
    /** Changes a value without telling anyone (a change between a render and its subscription). */
    setQuietly(key: string, value: string) {
      values[key] = value;
    },
    subscribe: (listener: () => void) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

type Store = ReturnType<typeof createStore>;

function Shown({ store, name }: { store: Store; name: string }) {
  const value = useStoreInTransition(store.subscribe, () => store.read(name), name);
  return <p>{value ?? 'none'}</p>;
}

describe('useStoreInTransition', () => {
  it('shows the value, and a change once the store announces it', async () => {
    const store = createStore({ a: 'first' });
    render(<Shown store={store} name="a" />);
    expect(screen.getByText('first')).toBeDefined();
    await act(async () => store.set('a', 'second'));
    expect(screen.getByText('second')).toBeDefined();
  });

  it('catches a change made between the first render and the subscription', async () => {
    const store = createStore({ a: 'first' });
    function ChangesDuringRender() {
      store.setQuietly('a', 'changed');
      return null;
    }
    await act(async () => {
      render(
        <>
          <Shown store={store} name="a" />
          <ChangesDuringRender />
        </>,
      );
    });
    expect(screen.getByText('changed')).toBeDefined();
  });

  it('reads a new key at once, without showing the old key’s value', async () => {
    const store = createStore({ a: 'of a', b: 'of b' });
    const seen: string[] = [];
    function Recorder({ name }: { name: string }) {
      const value = useStoreInTransition(store.subscribe, () => store.read(name), name);
      seen.push(`${name}:${value}`);
      return null;
    }
    const { rerender } = render(<Recorder name="a" />);
    await act(async () => rerender(<Recorder name="b" />));
    expect(seen).not.toContain('b:of a');
    expect(seen.at(-1)).toBe('b:of b');
  });
});
