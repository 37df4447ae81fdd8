import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import '../../lib/i18n';
import { PriceListDownload } from './PriceListDownload';

/**
 * «Скачать» counts the list first (decision 232): a small one is downloaded from the link at once; a big one is
 * a job whose progress the screen follows until it gives the file's link.
 */

interface Call {
  name: string;
  body: Record<string, unknown>;
}
const calls: Call[] = [];
let job: Record<string, unknown> | null;
let reads: Array<Record<string, unknown>>;
let busy = false;
const assign = vi.fn();
const BUSY =
  'Уже готовятся 2 прайс-листа: дождитесь, пока один из них будет готов (ссылка «Скачать файл» появится здесь), и запросите снова';

const baseJob = {
  id: 7,
  format: 'xlsx',
  rowsTotal: 30000,
  rowsDone: 0,
  dateCreate: '2026-11-27T20:00:00.000Z',
  dateExpire: null,
  size: null,
  url: null,
  error: '',
};

beforeEach(() => {
  busy = false;
  calls.length = 0;
  assign.mockReset();
  vi.stubGlobal('location', { ...window.location, assign, origin: 'http://localhost' });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const name = /\/rest\/([^?]+)/.exec(url)?.[1] ?? '';
      const body = init?.body && typeof init.body === 'string' ? JSON.parse(init.body) : {};
      calls.push({ name, body });
      if (name === 'price-list-job/create' && busy)
        return new Response(JSON.stringify({ error: 'RATE_LIMITED', error_description: BUSY }), {
          status: 429,
          headers: { 'content-type': 'application/json' },
        });
      let result: unknown = { count: 0, items: [] };
      if (name === 'price-list-job/create') result = { count: job ? 30000 : 40, job };
      if (name === 'price-list-mail/get')
        result = { schedule: 'off', weekday: 1, content: 'full', format: 'xlsx', lastSentAt: null, email: 'd@x.ru' };
      if (name === 'price-list-job/get') result = reads.length > 1 ? reads.shift() : reads[0];
      return new Response(JSON.stringify({ result }), { status: 200, headers: { 'content-type': 'application/json' } });
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

function renderIt() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(['profile'], { id: 2, login: 'dealer' });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={['/price-list/']}>
        <PriceListDownload section={5} sectionName="Фильтры" />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('PriceListDownload', () => {
  it('downloads a small list from the link at once', async () => {
    job = null;
    renderIt();
    await userEvent.click(screen.getByRole('link', { name: 'Скачать' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/pricelist/download?format=xlsx'));
    expect(calls.find((c) => c.name === 'price-list-job/create')!.body).toEqual({ format: 'xlsx' });
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('follows a big list’s job with its progress and gives the file’s link when ready', async () => {
    job = { ...baseJob, state: 'queued' };
    reads = [
      { ...baseJob, state: 'queued' },
      { ...baseJob, state: 'running', rowsDone: 12000 },
      {
        ...baseJob,
        state: 'done',
        rowsDone: 30000,
        size: 123456,
        url: '/pricelist/jobs/7',
        dateExpire: '2026-11-28T20:00:00.000Z',
      },
    ];
    renderIt();
    await userEvent.click(screen.getByLabelText('Только в наличии'));
    await userEvent.click(screen.getByRole('link', { name: 'Скачать' }));
    expect(await screen.findByText(/готовится на сервере/)).toBeInTheDocument();
    expect(calls.find((c) => c.name === 'price-list-job/create')!.body).toEqual({ format: 'xlsx', inStock: true });
    expect(
      await screen.findByText('Готовится прайс-лист: 12000 из 30000 товаров (40%)', {}, { timeout: 3000 }),
    ).toBeInTheDocument();
    const file = await screen.findByRole('link', { name: 'Скачать файл' }, { timeout: 3000 });
    expect(file).toHaveAttribute('href', '/pricelist/jobs/7');
    expect(screen.getByText(/Прайс-лист готов: 30000 товаров/)).toBeInTheDocument();
    expect(assign).not.toHaveBeenCalled();
  });

  it('says beside the button, when two lists are already being prepared, what to wait for', async () => {
    busy = true;
    job = null;
    renderIt();
    await userEvent.click(screen.getByRole('link', { name: 'Скачать' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(BUSY);
    expect(assign).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: /Close|Закрыть/ }));
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
  });
});
