import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import { lazy } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import '../../lib/i18n';
import { SlotsProvider } from '../../lib/slots';
import DashboardPage from './DashboardPage';

const USER = {
  id: 2,
  login: 'dealer',
  firstName: 'Иван',
  lastName: 'Петров',
  middleName: 'Сергеевич',
  fullName: 'Петров Иван Сергеевич',
  company: 'ООО «АгроМаш»',
};

const news = (n: number) => ({
  id: n,
  src: `/news/${n}/`,
  shareSrc: '',
  date: '2026-11-20T09:00:00.000Z',
  isView: n > 1,
  title: `Новость ${n}`,
  previewText: '',
  detailText: '',
  image: { preview: { src: 'data:image/svg+xml,x', width: 480, height: 270 }, detail: null },
});

/** The network as the browser sees it: answers by method name; `news/list` can be held back. */
function answer(name: string, result: unknown) {
  return new Response(JSON.stringify({ result }), { status: 200, headers: { 'content-type': 'application/json' } });
}

// Held from the start, so releasing it works whenever the call is actually sent (the client may first await
// other work, such as a captcha token).
let releaseNews: () => void = () => {};
beforeEach(() => {
  const newsHeld = new Promise<void>((resolve) => (releaseNews = resolve));
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      const name = /\/rest\/([^?]+)/.exec(url)?.[1] ?? '';
      if (name === 'news/list') {
        await newsHeld;
        return answer(name, { count: 20, items: [1, 2, 3, 4, 5, 6].map(news) });
      }
      if (name === 'banner/list') return answer(name, { count: 0, items: [] });
      return new Response('{}', { status: 404 });
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

function renderDashboard(blocks: Parameters<typeof SlotsProvider>[0]['value']['dashboardBlocks']) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(['profile'], USER);
  return render(
    <QueryClientProvider client={client}>
      <SlotsProvider value={{ dashboardBlocks: blocks }}>
        <MemoryRouter>
          <DashboardPage />
        </MemoryRouter>
      </SlotsProvider>
    </QueryClientProvider>,
  );
}

describe('DashboardPage', () => {
  it('greets the user with the company and shows each block as soon as it is ready', async () => {
    const NeverLoads = lazy(() => new Promise<{ default: () => null }>(() => {}));
    renderDashboard([
      {
        id: 'orders.last',
        order: 10,
        width: 6,
        Component: () => <section aria-label="Последние заказы">5 заказов</section>,
      },
      { id: 'slow', order: 60, width: 6, Component: NeverLoads },
    ]);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Иван Сергеевич');
    expect(screen.getByText('ООО «АгроМаш»')).toBeInTheDocument();
    // Another feature's block is there at once while the news are still loading and a third never loads.
    expect(screen.getByRole('region', { name: 'Последние заказы' })).toHaveTextContent('5 заказов');
    const newsBlock = screen.getByRole('region', { name: 'Новости' });
    expect(within(newsBlock).getByRole('status')).toHaveTextContent('Загрузка…');
    releaseNews();
    expect(await within(newsBlock).findAllByRole('listitem')).toHaveLength(6);
    expect(within(newsBlock).getAllByText('Новое')).toHaveLength(1);
    // No banners: the carousel takes no room.
    expect(screen.queryByRole('region', { name: 'Акции и объявления' })).not.toBeInTheDocument();
    expect(screen.getAllByRole('status').length).toBeGreaterThanOrEqual(1);
  });
});
