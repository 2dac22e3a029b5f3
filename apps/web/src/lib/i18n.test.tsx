import { render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { defineCaptions } from '@hasp/contracts';
import { currentLanguage, loadCaptions, setLanguage, translate, useCaptions, useCaptionSource } from './i18n';

const captions = defineCaptions('Label', 'Test', {
  greeting: 'Hello',
  welcome: 'Welcome, {{name}}',
  'save::busy': 'Saving…',
});

function serveCaptions(byLanguage: Record<string, unknown>) {
  const fetchMock = vi.fn(async (input: string) => {
    const url = new URL(input, 'http://localhost');
    const body = byLanguage[url.searchParams.get('languageCode') ?? ''];
    return body
      ? new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } })
      : new Response(JSON.stringify({ code: 'NOT_FOUND', message: 'Language not found' }), { status: 404 });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

describe('captions', () => {
  it('shows the default caption until the server has one, with its {{name}} placeholders filled', () => {
    expect(translate(captions.greeting)).toBe('Hello');
    expect(translate(captions.welcome, { name: 'Ana' })).toBe('Welcome, Ana');
    // A variant after the double colon is an ordinary key.
    expect(translate(captions['save::busy'])).toBe('Saving…');
    // A placeholder without a value stays as written, so the gap shows.
    expect(translate(captions.welcome, { other: 'x' })).toBe('Welcome, {{name}}');
  });

  it('shows the server’s preferred caption, per language, and remembers the language on the device', async () => {
    const fetchMock = serveCaptions({
      en: { Label: { Test: { greeting: 'Good day' } } },
      es: { Label: { Test: { greeting: 'Hola', welcome: 'Bienvenida, {{name}}' } } },
    });
    await loadCaptions('Demo', 'en');
    expect(translate(captions.greeting)).toBe('Good day');
    expect(translate(captions.welcome, { name: 'Ana' })).toBe('Welcome, Ana');

    await setLanguage('es');
    expect(currentLanguage()).toBe('es');
    expect(localStorage.getItem('hasp:language')).toBe('es');
    expect(translate(captions.greeting)).toBe('Hola');
    expect(translate(captions.welcome, { name: 'Ana' })).toBe('Bienvenida, Ana');
    expect(fetchMock.mock.calls.at(-1)?.[0]).toContain('connectionStringName=Demo');

    await setLanguage('en');
    expect(translate(captions.greeting)).toBe('Good day');
  });

  it('keeps the captions on screen when the server cannot be reached', async () => {
    serveCaptions({ en: { Label: { Test: { greeting: 'Good day' } } } });
    await loadCaptions('Demo', 'en');
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    await setLanguage('en');
    expect(translate(captions.greeting)).toBe('Good day');
  });

  it('asks again for a new language’s captions when the server could not answer, until they come', async () => {
    serveCaptions({ en: { Label: { Test: { greeting: 'Good day' } } } });
    await loadCaptions('Demo', 'en');
    vi.useFakeTimers();
    try {
      let busy = 2;
      vi.stubGlobal(
        'fetch',
        vi.fn(async () => {
          if (busy-- > 0) return new Response(JSON.stringify({ code: 'INTERNAL', message: 'Busy' }), { status: 500 });
          return new Response(JSON.stringify({ Label: { Test: { greeting: 'Buenos días' } } }), {
            status: 200,
            headers: { 'content-type': 'application/json' },
          });
        }),
      );
      await setLanguage('fr-test');
      expect(translate(captions.greeting)).toBe('Hello');
      await vi.advanceTimersByTimeAsync(1_000);
      expect(translate(captions.greeting)).toBe('Hello');
      await vi.advanceTimersByTimeAsync(2_000);
      expect(translate(captions.greeting)).toBe('Buenos días');
    } finally {
      vi.useRealTimers();
      serveCaptions({ en: { Label: { Test: { greeting: 'Good day' } } } });
      await setLanguage('en');
    }
  });

  it('asks the server once when the page and its form name the same connection, and shows the answer', async () => {
    const fetchMock = serveCaptions({ en: { Label: { Test: { greeting: 'Welcome aboard' } } } });
    function Greeting() {
      useCaptionSource('North');
      const t = useCaptions();
      return <p>{t(captions.greeting)}</p>;
    }
    function Form() {
      useCaptionSource('North');
      return null;
    }
    render(
      <>
        <Greeting />
        <Form />
      </>,
    );
    expect(await screen.findByText('Welcome aboard')).toBeDefined();
    const captionCalls = () =>
      fetchMock.mock.calls.filter(([url]) => String(url).includes('connectionStringName=North'));
    await waitFor(() => expect(captionCalls()).toHaveLength(1));
  });

  it('stays in the user’s language when the screen’s fetch of the shown one answers after it', async () => {
    serveCaptions({ en: { Label: { Test: { greeting: 'Good day' } } } });
    await loadCaptions('Late', 'en');
    // The signed-in frame asks for the shown language's captions; the profile then asks for Spanish,
    // whose answer comes first.
    let answerEnglish = () => {};
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: string) => {
        const language = new URL(input, 'http://localhost').searchParams.get('languageCode');
        if (language === 'en') await new Promise<void>((resolve) => (answerEnglish = resolve));
        const greeting = language === 'es' ? 'Hola' : 'Good evening';
        return new Response(JSON.stringify({ Label: { Test: { greeting } } }), {
          status: 200,
          headers: { 'content-type': 'application/json' },
        });
      }),
    );
    function Greeting() {
      useCaptionSource('Late');
      return <p>{useCaptions()(captions.greeting)}</p>;
    }
    render(<Greeting />);
    await setLanguage('es');
    expect(await screen.findByText('Hola')).toBeDefined();
    answerEnglish();
    // The late English answer is kept (for a switch back), and switches nothing.
    await waitFor(() => expect(localStorage.getItem('hasp:captions:Late:en')).toContain('Good evening'));
    expect(currentLanguage()).toBe('es');
    expect(translate(captions.greeting)).toBe('Hola');
    serveCaptions({ en: { Label: { Test: { greeting: 'Good day' } } } });
    await setLanguage('en');
  });
});
