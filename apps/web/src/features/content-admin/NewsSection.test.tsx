import type { NewsAdmin } from '@portal/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import '../../lib/i18n';
import { NewsEditor } from './NewsSection';

vi.mock('../../lib/notify', () => ({ notifyError: vi.fn(), notifySuccess: vi.fn() }));

/** Decision 190: a new news item is a draft until published, and the editor shows it as the site will. */
const ITEM: NewsAdmin = {
  id: 3,
  title: 'Летняя распродажа',
  date: '2026-07-01',
  previewText: '<p>Скидка <strong>15 %</strong> на фильтры.</p>',
  detailText: '<p>Распродажа длится до конца июля.</p>',
  previewImage: null,
  detailImage: null,
  active: true,
  src: '/news/3/',
};

const calls: Array<{ name: string; body: unknown }> = [];
beforeEach(() => {
  calls.length = 0;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      calls.push({ name: /\/rest\/([^?]+)/.exec(url)?.[1] ?? '', body: JSON.parse(String(init.body)) });
      return new Response(JSON.stringify({ result: ITEM }), { status: 200 });
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

function renderEditor(item: NewsAdmin | null) {
  const onSaved = vi.fn();
  // The editor saves through a mutation hook (api.ts), which needs a query client.
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <NewsEditor item={item} onClose={() => undefined} onSaved={onSaved} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return onSaved;
}

describe('the news editor', () => {
  it('saves a new item as a draft unless the administrator publishes it', async () => {
    const onSaved = renderEditor(null);
    const published = screen.getByRole('switch', { name: 'Опубликована' });
    expect(published).not.toBeChecked();
    expect(screen.getByTestId('news-draft-hint')).toHaveTextContent('Черновик');
    fireEvent.change(screen.getByRole('textbox', { name: 'Заголовок' }), { target: { value: 'Новый склад' } });
    fireEvent.click(screen.getByRole('button', { name: 'Сохранить' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(calls.map((c) => c.name)).toEqual(['news/create']);
    expect((calls[0]!.body as { fields: { active: boolean } }).fields.active).toBe(false);
  });

  it('shows the card and the page as dealers will see them, the summary as text and as HTML', () => {
    renderEditor(ITEM);
    fireEvent.change(screen.getByRole('textbox', { name: 'Заголовок' }), { target: { value: 'Распродажа фильтров' } });
    fireEvent.click(screen.getByRole('button', { name: 'Предпросмотр' }));
    const preview = screen.getByTestId('editor-preview');
    expect(within(preview).getByText('Распродажа фильтров', { selector: 'h2' })).toBeInTheDocument();
    expect(within(preview).getByTestId('news-card-summary')).toHaveTextContent('Скидка 15 % на фильтры.');
    const summary = within(preview).getByTestId('news-summary');
    expect(within(summary).getByText('15 %').tagName).toBe('STRONG');
    expect(within(preview).getByText('Распродажа длится до конца июля.')).toBeInTheDocument();
    expect(preview.textContent).not.toMatch(/<\/?(p|strong)>/);
    // Back to the fields, which kept their values.
    fireEvent.click(screen.getByRole('button', { name: 'К редактированию' }));
    expect(screen.queryByTestId('editor-preview')).not.toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Заголовок' })).toHaveValue('Распродажа фильтров');
  });
});
