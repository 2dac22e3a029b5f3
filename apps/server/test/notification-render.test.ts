import { describe, expect, it } from 'vitest';
import { notificationEvents, notificationVariables, type NotificationText } from '@hasp/contracts';
import { fillTemplate, renderNotice } from '../src/modules/notification-templates';
import { textFor } from '../src/modules/notification-templates/deliver-notice';
import { defaultTemplate } from '../src/modules/notification-templates/notification-catalog';
import { fillCaption } from '../src/modules/translations';

/** The template renderer alone: filling, escaping, the language fallback and the defaults' shape. */
describe('notification templates: rendering', () => {
  it('fills each variable once (a value that looks like a variable stays text) and empties unknown names', () => {
    expect(fillTemplate('{{number}} {{ title }} {{nope}}!', { number: 'LOTO-1', title: '{{number}}' })).toBe(
      'LOTO-1 {{number}} !',
    );
  });

  it('escapes the template and every value in the HTML part, never in the text part', () => {
    const rendered = renderNotice(
      { subject: '{{title}}', body: '<b>Hi</b> {{title}}\nline two' },
      { title: '<script>alert("x")</script> & co' },
      'https://hasp.plant.test/Permit/Edit/1?a=1&b=2',
    );
    expect(rendered.subject).toBe('<script>alert("x")</script> & co');
    expect(rendered.text).toBe(
      '<b>Hi</b> <script>alert("x")</script> & co\nline two\n\nhttps://hasp.plant.test/Permit/Edit/1?a=1&b=2',
    );
    expect(rendered.html).not.toMatch(/<script>|<b>/);
    expect(rendered.html).toContain(
      '&lt;b&gt;Hi&lt;/b&gt; &lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; co<br>line two',
    );
    expect(rendered.html).toContain('<a href="https://hasp.plant.test/Permit/Edit/1?a=1&amp;b=2">');
  });

  it("reads the reader's language, else English, else the first text", () => {
    const texts: NotificationText[] = [
      { language: 'en', subject: 'E', body: 'e' },
      { language: 'es', subject: 'S', body: 's' },
    ];
    expect(textFor(texts, 'es')?.subject).toBe('S');
    expect(textFor(texts, 'fr')?.subject).toBe('E');
    expect(textFor(texts, null)?.subject).toBe('E');
    expect(textFor(undefined, 'es')).toBeUndefined();
  });

  it('gives every event a default English template whose variables are all known', () => {
    const english = (caption: { defaultCaption: string }, values?: Record<string, string>) =>
      fillCaption(caption.defaultCaption, values);
    for (const event of notificationEvents) {
      const template = defaultTemplate(event, english);
      expect(template.version).toBe(0);
      expect(template.recipients.every((r) => template.relationships.includes(r))).toBe(true);
      const [text] = template.texts;
      const names = [...`${text!.subject} ${text!.body}`.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]);
      expect(
        names.every((n) => (notificationVariables as readonly string[]).includes(n!)),
        `${event}: ${names.join(', ')}`,
      ).toBe(true);
    }
  });
});
