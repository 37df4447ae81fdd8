import { permissionsFor, Role } from '@portal/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import ActiveBasketWidget from '../features/baskets/ActiveBasketWidget';
import CheckoutPage from '../features/orders/CheckoutPage';
import { money } from '../lib/format';
import '../lib/i18n';

/**
 * The top bar's basket sum and checkout (decision 192): the basket list prices the basket for the dealer's
 * active payment method (1 000 ₽), checkout for the one chosen in its form (cash: 1 150 ₽).
 */
const PRICE_FOR: Record<number, number> = { 1: 1000, 2: 1150 };
const previews: number[] = [];

const json = (result: unknown) =>
  new Response(JSON.stringify({ result }), { status: 200, headers: { 'content-type': 'application/json' } });
const option = (value: string, title: string, extra: Record<string, unknown> = {}) => ({ value, title, ...extra });

beforeEach(() => {
  previews.length = 0;
  localStorage.clear();
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      const name = /\/rest\/([^?]+)/.exec(url)?.[1] ?? '';
      const body = JSON.parse(String(init.body ?? '{}')) as { paySystem?: number };
      if (name === 'basket/list')
        return json({
          count: 1,
          items: [
            {
              id: 5,
              name: 'Основная',
              createdAt: '2026-11-01T10:00:00.000Z',
              currency: 'RUB',
              count: 1,
              totals: [{ value: PRICE_FOR[1], currency: 'RUB' }],
              weightKg: 1,
              volumeM3: 0.001,
            },
          ],
        });
      if (name === 'order/get-fields')
        return json({
          fields: [
            {
              id: 'company',
              name: 'Юрлицо',
              type: 'select',
              required: true,
              value: '1',
              options: [option('1', 'ООО «Альфа»')],
            },
            {
              id: 'paySystem',
              name: 'Способ оплаты',
              type: 'select',
              required: true,
              value: '1',
              options: [option('1', 'Безналичный расчёт'), option('2', 'Наличные')],
            },
            {
              id: 'shipping',
              name: 'Доставка',
              type: 'radio',
              required: true,
              value: '1',
              options: [option('1', 'Самовывоз', { isPickup: true })],
            },
          ],
        });
      if (name === 'order/preview') {
        const pay = body.paySystem ?? 0;
        previews.push(pay);
        const value = PRICE_FOR[pay] ?? 0;
        return json({
          basket: 5,
          paySystem: pay,
          items: [
            {
              id: 51,
              productId: 9,
              name: 'Фильтр масляный',
              article: 'LF3349',
              unit: 'шт',
              quantity: 1,
              price: value,
              sum: value,
              currency: 'RUB',
              problem: null,
            },
          ],
          totals: [{ value, currency: 'RUB' }],
          price: value,
          currency: 'RUB',
          weightKg: 1,
          volumeM3: 0.001,
          refusals: [],
        });
      }
      return json({});
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

/** The top bar's widget beside checkout, and a way to leave checkout. */
function Screen() {
  const [checkout, setCheckout] = useState(true);
  return (
    <>
      <ActiveBasketWidget />
      <button type="button" onClick={() => setCheckout(false)}>
        leave
      </button>
      {checkout && <CheckoutPage />}
    </>
  );
}

function renderScreen() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(['profile'], {
    id: 2,
    login: 'dealer',
    groups: ['DEALERS'],
    permissions: permissionsFor(Role.DEALERS),
  });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={['/order/create/']}>
        <Screen />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('the top bar’s basket sum', () => {
  it('is the checkout’s total for the payment method chosen there, and the basket’s again after', async () => {
    renderScreen();
    const sum = () => screen.getByTestId('active-basket-sum').textContent;
    await waitFor(() => expect(previews).toContain(1));
    await waitFor(() => expect(sum()).toBe(money(1000)));

    fireEvent.mouseDown(screen.getByRole('combobox', { name: /Способ оплаты/ }));
    fireEvent.click(within(await screen.findByRole('listbox')).getByRole('option', { name: 'Наличные' }));
    await waitFor(() => expect(previews).toContain(2));
    await waitFor(() => expect(sum()).toBe(money(1150)));
    expect(screen.getByTestId('checkout-summary')).toHaveTextContent(money(1150));

    fireEvent.click(screen.getByRole('button', { name: 'leave' }));
    await waitFor(() => expect(sum()).toBe(money(1000)));
  });
});
