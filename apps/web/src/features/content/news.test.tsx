import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import '../../lib/i18n';
import { Html } from '../../components/Html';
import NewsDetailPage from './NewsDetailPage';
import NewsListPage from './NewsListPage';

/** Decision 190: a summary written in the editor is HTML; the screens never show its tags. */
const SUMMARY = '<p>Скидка <strong>15 %</strong> на фильтры.</p><p>До конца июля.</p>';
const ITEM = {
  id: 7,
  src: '/news/7/',
  shareSrc: '',
  date: '2026-11-20T09:00:00.000Z',
  isView: true,
  title: 'Летняя распродажа',
  previewText: SUMMARY,
  detailText: '<p>Текст <img src="data:image/png;base64,iVBORw0KGgo=" width="1200" height="600" alt="Фото"></p>',
  image: { preview: null, detail: null },
};

beforeEach(() => {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      const name = /\/rest\/([^?]+)/.exec(url)?.[1] ?? '';
      const result = name === 'news/list' ? { count: 1, items: [{ ...ITEM, detailText: '' }] } : ITEM;
      return new Response(JSON.stringify({ result }), { status: 200 });
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

function renderAt(path: string) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="/news/" element={<NewsListPage />} />
          <Route path="/news/:id/" element={<NewsDetailPage />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('a news summary written in the editor', () => {
  it('shows in the news card as its text, without tags', async () => {
    renderAt('/news/');
    const summary = await screen.findByTestId('news-card-summary');
    expect(summary).toHaveTextContent('Скидка 15 % на фильтры. До конца июля.');
    expect(summary.textContent).not.toMatch(/<\/?(p|strong)>/);
    expect(screen.getByRole('link', { name: /Летняя распродажа/ })).toHaveAttribute('href', '/news/7/');
  });

  it('shows on the news page as sanitised HTML, its bold part bold', async () => {
    renderAt('/news/7/');
    const summary = await screen.findByTestId('news-summary');
    expect(summary.textContent).not.toMatch(/<\/?(p|strong)>/);
    expect(within(summary).getByText('15 %').tagName).toBe('STRONG');
  });
});

describe('server HTML and the page width', () => {
  it('keeps a picture written 1,200 px wide and a wide table to the container', () => {
    const { container } = render(
      <Html html='<p><img src="data:image/png;base64,iVBORw0KGgo=" width="1200" height="600"></p><table><tr><td>1</td></tr></table>' />,
    );
    const img = container.querySelector('img')!;
    expect(getComputedStyle(img).maxWidth).toBe('100%');
    expect(getComputedStyle(img).height).toBe('auto');
    const table = container.querySelector('table')!;
    expect(getComputedStyle(table).maxWidth).toBe('100%');
    expect(getComputedStyle(table).overflowX).toBe('auto');
  });
});
