import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import '../../lib/i18n';
import WishesPage from './WishesPage';

const user = (groups: string[]) => ({
  id: 7,
  login: groups.includes('DEALERS') ? 'dealer' : 'employee',
  firstName: 'Анна',
  lastName: 'Смирнова',
  fullName: 'Смирнова Анна',
  company: '',
  groups,
  permissions: { wishes: { fetch: 1, create: groups.includes('DEALERS') ? 1 : 0, update: 1, delete: 0 } },
});

/** The filters each `application-empty-product/list` call sent. */
let sent: Array<Record<string, unknown>> = [];
beforeEach(() => {
  sent = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      const name = /\/rest\/([^?]+)/.exec(url)?.[1] ?? '';
      if (name === 'application-empty-product/list') {
        sent.push((JSON.parse(String(init.body)) as { filter: Record<string, unknown> }).filter);
        return new Response(JSON.stringify({ result: { count: 0, items: [] } }), {
          status: 200,
          headers: { 'content-type': 'application/json' },
        });
      }
      return new Response('{}', { status: 404 });
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

function renderAt(url: string, groups: string[]) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(['profile'], user(groups));
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[url]}>
        <WishesPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('«Заявки дилеров»: dealer and company filters', () => {
  it('staff filter by dealer and company from the URL and the form; nothing found says so', async () => {
    renderAt('/wishes/?dealer=dealer2&page=3', ['EMPLOYEES']);
    await waitFor(() => expect(sent.at(-1)).toEqual({ dealer: 'dealer2' }));
    expect(await screen.findByText('Ничего не найдено')).toBeInTheDocument();
    expect(screen.getByLabelText('Дилер (логин, имя, e-mail)')).toHaveValue('dealer2');

    await userEvent.type(screen.getByLabelText('Компания или ИНН'), 'Альфа{Enter}');
    await waitFor(() => expect(sent.at(-1)).toEqual({ dealer: 'dealer2', company: 'Альфа' }));

    await userEvent.click(screen.getByRole('button', { name: 'Сбросить' }));
    await waitFor(() => expect(sent.at(-1)).toEqual({}));
    expect(screen.getByLabelText('Компания или ИНН')).toHaveValue('');
  });

  it('a dealer gets no such filters, and the URL’s are not sent', async () => {
    renderAt('/wishes/?dealer=dealer2&company=Бета', ['DEALERS']);
    await waitFor(() => expect(sent.length).toBeGreaterThan(0));
    expect(sent.at(-1)).toEqual({});
    expect(screen.queryByLabelText('Дилер (логин, имя, e-mail)')).toBeNull();
    expect(screen.queryByText('Ничего не найдено')).toBeNull();
  });
});
