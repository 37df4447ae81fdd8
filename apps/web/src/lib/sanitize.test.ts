import { describe, expect, it } from 'vitest';
import { sanitizeHtml } from './sanitize';

/** Known XSS payloads: each must come out harmless, and ordinary formatting must survive. */
const PAYLOADS = [
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  '<a href="javascript:alert(1)">x</a>',
  '<svg onload=alert(1)>',
  '<iframe src="javascript:alert(1)"></iframe>',
  '<div style="background:url(javascript:alert(1))">x</div>',
  '<a href="JaVaScRiPt:alert(1)">x</a>',
  '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>',
  '<form action="javascript:alert(1)"><button>x</button></form>',
  '<object data="javascript:alert(1)"></object>',
  '<body onload=alert(1)>',
  '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">x</a>',
];

describe('sanitizeHtml', () => {
  it.each(PAYLOADS)('renders %s harmless', (payload) => {
    const clean = sanitizeHtml(payload).toLowerCase();
    expect(clean).not.toMatch(/<script|onerror|onload|javascript:|<iframe|<object|<form|data:text\/html/);
  });

  it('keeps ordinary formatting and safe links', () => {
    const html = '<p><b>Новинка</b>: <a href="https://example.ru/a" target="_blank">подробнее</a></p>';
    const clean = sanitizeHtml(html);
    expect(clean).toContain('<b>Новинка</b>');
    expect(clean).toContain('href="https://example.ru/a"');
    expect(clean).toContain('rel="noopener noreferrer"');
  });
});
