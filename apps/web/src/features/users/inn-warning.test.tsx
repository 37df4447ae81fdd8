import type { UserDetail } from '@portal/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import '../../lib/i18n';
import UserDetailPage from './UserDetailPage';
import UserListPage from './UserListPage';

/** Decision 190: accounts whose stored ИНН fails its check digits are pointed out to the moderator. */
const ADMIN = { id: 1, login: 'admin', firstName: 'Алексей', fullName: 'Смирнов Алексей', groups: ['ADMINS'] };
const user = (id: number, inn: string) =>
  ({
    id,
    login: `dealer${id}`,
    firstName: 'Иван',
    lastName: 'Петров',
    middleName: '',
    fullName: `Петров Иван ${id}`,
    inn,
    city: '',
    phone: '',
    email: `dealer${id}@agromash.local`,
    company: 'ООО «АгроМаш»',
    groups: ['DEALERS'],
    typePrice: null,
    typePriceName: '',
    paySystemId: null,
    isOnOrder: true,
    active: true,
    approved: false,
    twoFactor: false,
    language: 'ru',
    permissions: {},
    price: { id: null, isOrder: true, name: '' },
    status: 'pending',
    paySystemName: '',
    createdAt: '2026-11-20T09:00:00.000Z',
    lastLoginAt: null,
    companies: [],
  }) as unknown as UserDetail;
const USERS = [user(2, '1234567890'), user(3, '5003123458')];

beforeEach(() => {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      const name = /\/rest\/([^?]+)/.exec(url)?.[1] ?? '';
      const body = JSON.parse(String(init.body)) as { id?: number };
      const result =
        name === 'user/list'
          ? { count: USERS.length, items: USERS }
          : name === 'user/get'
            ? USERS.find((u) => u.id === body.id)
            : { count: 0, items: [] };
      return new Response(JSON.stringify({ result }), { status: 200 });
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

function renderAt(path: string) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(['profile'], ADMIN);
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="/user/" element={<UserListPage />} />
          <Route path="/user/:id/" element={<UserDetailPage />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('the moderator and a wrong ИНН', () => {
  it('is warned on the user card, with the reason and what to do', async () => {
    renderAt('/user/2/');
    const warning = await screen.findByTestId('inn-warning');
    expect(warning).toHaveTextContent('Неверный ИНН: не сходится контрольное число');
    expect(warning).toHaveTextContent('ИНН 1234567890 указан с ошибкой');
  });

  it('sees no warning for a valid ИНН', async () => {
    renderAt('/user/3/');
    await screen.findByText('5003123458');
    expect(screen.queryByTestId('inn-warning')).not.toBeInTheDocument();
  });

  it('sees the account marked in the user list', async () => {
    renderAt('/user/');
    const bad = await screen.findByRole('row', { name: /Петров Иван 2/ });
    expect(within(bad).getByTestId('inn-bad')).toHaveTextContent('ИНН с ошибкой');
    const good = screen.getByRole('row', { name: /Петров Иван 3/ });
    expect(within(good).queryByTestId('inn-bad')).not.toBeInTheDocument();
  });
});
