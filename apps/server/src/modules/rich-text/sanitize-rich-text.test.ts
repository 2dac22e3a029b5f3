import { describe, expect, it } from 'vitest';
import { sanitizeRichText } from './sanitize-rich-text';

const svg = (body: string) => `data:image/svg+xml;base64,${Buffer.from(body).toString('base64')}`;
const png =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';

/** XSS vectors: OWASP filter-evasion cases, mutation-XSS strings, protocol variants. */
const hostile = [
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  '<IMG SRC="javascript:alert(1);">',
  '<img src="jav&#x09;ascript:alert(1)">',
  '<a href="javascript:alert(1)">x</a>',
  '<a href="JaVaScRiPt:alert(1)">x</a>',
  '<a href="  javascript:alert(1)">x</a>',
  '<a href="java\tscript:alert(1)">x</a>',
  '<a href="&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;alert(1)">x</a>',
  '<a href="vbscript:msgbox(1)">x</a>',
  '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">x</a>',
  '<a href="//evil.example/x">x</a>',
  '<a href="file:///etc/passwd">x</a>',
  '<img src="data:text/html,<script>alert(1)</script>">',
  `<img src="${svg('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>')}">`,
  `<img src="${svg('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>')}">`,
  `<img src="${svg('<svg xmlns="http://www.w3.org/2000/svg"><foreignObject><iframe src="javascript:alert(1)"/></foreignObject></svg>')}">`,
  '<svg><script>alert(1)</script></svg>',
  '<svg onload=alert(1)>',
  '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>',
  '<noscript><p title="</noscript><img src=x onerror=alert(1)>">',
  '<iframe src="javascript:alert(1)"></iframe>',
  '<object data="javascript:alert(1)"></object>',
  '<embed src="javascript:alert(1)">',
  '<form action="javascript:alert(1)"><button>x</button></form>',
  '<div style="background:url(javascript:alert(1))">x</div>',
  '<p style="width: expression(alert(1))">x</p>',
  '<img src="x" style="behavior:url(x.htc)">',
  '<body onload=alert(1)>',
  '<details open ontoggle=alert(1)>',
  '<a href="x" onmouseover="alert(1)">x</a>',
  '<base href="javascript:/">',
  '<meta http-equiv="refresh" content="0;url=javascript:alert(1)">',
  '<link rel=stylesheet href="javascript:alert(1)">',
  '<style>@import "javascript:alert(1)";</style>',
  '<template><script>alert(1)</script></template>',
  '<<script>script>alert(1)<</script>/script>',
  '<scr<script>ipt>alert(1)</scr</script>ipt>',
  '<img """><script>alert(1)</script>">',
  '<a href="http://ok.example" target="_self" onclick="alert(1)">x</a>',
];

const executable =
  /<script|<iframe|<object|<embed|<form|<svg|<math|<style|<base|<meta|<link|\son[a-z]+\s*=|javascript:|vbscript:|data:text|expression\(|behavior:/i;

describe('rich-text sanitizer', () => {
  it.each(hostile)('stores nothing executable from %s', (input) => {
    const output = sanitizeRichText(input);
    expect(output).not.toMatch(executable);
    for (const [, href] of output.matchAll(/href="([^"]*)"/g)) expect(href).toMatch(/^(https?:|mailto:)/);
    for (const [, src] of output.matchAll(/src="([^"]*)"/g)) expect(src).toMatch(/^(https?:|data:image\/)/);
    expect(sanitizeRichText(output)).toBe(output);
  });

  it('keeps everything the toolbar can make', () => {
    const html = [
      '<h1>Isolation</h1><h2 class="ql-align-center">Steps</h2><h3>Notes</h3>',
      '<p><strong>bold</strong> <em>italic</em> <u>underline</u> <a href="https://hasp.example/x">link</a> <a href="mailto:safety@hasp.example">mail</a></p>',
      '<ol><li data-list="ordered">one</li><li data-list="bullet">two</li></ol>',
      `<p><img src="${png}" width="120" style="display: inline; float: right; margin: 0px 0px 1em 1em;"></p>`,
      '<p><img src="https://hasp.example/valve.jpg" alt="Valve V-12"></p>',
    ].join('');
    const output = sanitizeRichText(html);
    for (const kept of [
      '<h1>',
      '<h2 class="ql-align-center">',
      '<h3>',
      '<strong>',
      '<em>',
      '<u>',
      '<ol>',
      'data-list="bullet"',
      'width="120"',
      'float:right',
      'alt="Valve V-12"',
      'mailto:safety@hasp.example',
    ]) {
      expect(output).toContain(kept);
    }
    expect(output).toContain('href="https://hasp.example/x" target="_blank" rel="noopener noreferrer nofollow"');
    expect(output).toContain(png);
    expect(sanitizeRichText(output)).toBe(output);
  });

  it('keeps a harmless SVG image, re-encoded', () => {
    const output = sanitizeRichText(
      `<img src="data:image/svg+xml;utf8,${encodeURIComponent('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10" fill="red"/></svg>')}">`,
    );
    expect(output).toMatch(/<img src="data:image\/svg\+xml;base64,[A-Za-z0-9+/=]+" \/>/);
  });
});
