import { permissionsFor, Role } from '@portal/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import '../../lib/i18n';
import ReturnDetailPage from './ReturnDetailPage';

const status = { id: 1, code: 'NEW', name: 'Новый', description: '', color: 'info' };
const person = (id: number, name: string) => ({ id, name, email: `${id}@example.ru` });

beforeEach(() => {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      const name = /\/rest\/([^?]+)/.exec(url)?.[1] ?? '';
      const result =
        name === 'application-good-return/get'
          ? {
              id: 4,
              dateCreate: '2026-11-02T10:00:00.000Z',
              order: { id: 12, title: 'Заказ № 12 от 01.11.2026' },
              product: { id: 9, name: 'Фильтр масляный', article: 'LF3349' },
              quantity: 1,
              status,
              photos: [],
              user: person(2, 'Петров Иван'),
              company: 'ООО «Альфа»',
              packageNumber: '',
              productDeliveryDate: null,
              reason: 'Пришёл не тот фильтр, что в заказе № 12; см. также возврат № 3',
              comment: '',
              commentsCount: 1,
            }
          : {
              count: 1,
              items: [
                {
                  id: 40,
                  dateCreate: '2026-11-03T10:00:00.000Z',
                  text: 'Обменяем по обращению №7.',
                  status: null,
                  photos: [],
                  goodReturn: { id: 4, authorEmail: '' },
                  user: person(1, 'Менеджер'),
                },
              ],
            };
      return new Response(JSON.stringify({ result }), { status: 200, headers: { 'content-type': 'application/json' } });
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

function renderAs(role: number, groups: string[]) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(['profile'], { id: 2, login: 'x', groups, permissions: permissionsFor(role) });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={['/returns/4/']}>
        <Routes>
          <Route path="/returns/:id/" element={<ReturnDetailPage />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('a return’s references (decision 192)', () => {
  it('links a dealer to the return’s order, and the orders, returns and appeals named in its texts', async () => {
    renderAs(Role.DEALERS, ['DEALERS']);
    const order = await screen.findByRole('link', { name: 'Заказ № 12 от 01.11.2026' });
    expect(order).toHaveAttribute('href', '/order/12/');
    expect(screen.getByRole('link', { name: /^заказе\s№\s12$/ })).toHaveAttribute('href', '/order/12/');
    expect(screen.getByRole('link', { name: /^возврат\s№\s3$/ })).toHaveAttribute('href', '/returns/3/');
    expect(await screen.findByRole('link', { name: 'обращению №7' })).toHaveAttribute('href', '/support/7/');
  });

  it('opens the order on the desk for staff: an administrator and an employee (decision 193)', async () => {
    const admin = renderAs(Role.ADMINS, ['ADMINS']);
    expect(await screen.findByRole('link', { name: 'Заказ № 12 от 01.11.2026' })).toHaveAttribute(
      'href',
      '/desk/order/12/',
    );
    admin.unmount();
    renderAs(Role.EMPLOYEES, ['EMPLOYEES']);
    expect(await screen.findByRole('link', { name: 'Заказ № 12 от 01.11.2026' })).toHaveAttribute(
      'href',
      '/desk/order/12/',
    );
  });
});
