import { pageUrlSchema } from '@portal/contract';
import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Html } from '../../components/Html';

/** Stored HTML of news, pages, FAQ answers and banners as an attacker might write it. */
const STORED = [
  '<p>Новость</p><script>window.__xss = 1</script>',
  '<p onclick="window.__xss=1">Нажми</p>',
  '<img src="x" onerror="window.__xss=1">',
  '<a href="javascript:window.__xss=1">Подробнее</a>',
  '<a href=" jAvAsCrIpT:window.__xss=1">Подробнее</a>',
  '<svg><animate onbegin="window.__xss=1" attributeName="x" dur="1s"/></svg>',
  '<iframe srcdoc="<script>window.__xss=1</script>"></iframe>',
  '<details open ontoggle="window.__xss=1">x</details>',
  '<a href="https://example.ru" target="_blank">Ссылка</a>',
];

describe('server HTML on the content screens', () => {
  it.each(STORED)('renders %s without scripts, handlers or javascript: links', (html) => {
    const { container } = render(<Html html={html} />);
    expect(container.querySelector('script, iframe')).toBeNull();
    for (const el of container.querySelectorAll('*')) {
      for (const attr of el.getAttributeNames()) expect(attr.startsWith('on')).toBe(false);
      expect(el.getAttribute('href') ?? '').not.toMatch(/^\s*javascript:/i);
    }
    expect((window as { __xss?: number }).__xss).toBeUndefined();
  });

  it('opens outside links without giving them the page', () => {
    const { container } = render(<Html html={STORED.at(-1)!} />);
    expect(container.querySelector('a')).toHaveAttribute('rel', 'noopener noreferrer');
  });
});

describe('the content page address', () => {
  it.each(['about', '/delivery/', 'Payment', 'help/faq-2'])('accepts %s', (url) => {
    expect(pageUrlSchema.safeParse(url).success).toBe(true);
  });
  it.each(['..', '../etc/passwd', 'about/../x', 'about%2F..', 'a\\b', 'a//b', '', 'a b', 'about?x'])(
    'refuses %s',
    (url) => {
      expect(pageUrlSchema.safeParse(url).success).toBe(false);
    },
  );
});
