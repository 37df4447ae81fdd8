import type { Pricing } from '@portal/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import '../../lib/i18n';
import PricingPage from './PricingPage';

/** Decision 194: a dealer reads about «your price»; staff setting a dealer's prices read about that dealer. */
const PRICING: Pricing = {
  userId: 7,
  login: 'dealer',
  fullName: 'Иванов Иван',
  priceTypeId: null,
  paySystemId: null,
  priceTypes: [{ id: 1, name: 'Розница' }],
  paySystems: [{ id: 1, name: 'Наличные' }],
  canChangePriceType: true,
};

beforeEach(() => {
  vi.stubGlobal(
    'fetch',
    vi.fn(
      async () =>
        new Response(JSON.stringify({ result: PRICING }), {
          status: 200,
          headers: { 'content-type': 'application/json' },
        }),
    ),
  );
});
afterEach(() => vi.unstubAllGlobals());

function renderAs(meId: number) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(['profile'], { id: meId, login: meId === 7 ? 'dealer' : 'admin' });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={['/user/7/pricing']}>
        <Routes>
          <Route path="/user/:id/pricing" element={<PricingPage />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('the price settings page', () => {
  it('tells the dealer about their own price', async () => {
    renderAs(7);
    expect(await screen.findByTestId('pricing-text')).toHaveTextContent('Тип цен определяет вашу цену');
  });

  it('tells staff about the dealer’s price, not «your price»', async () => {
    renderAs(1);
    const text = await screen.findByTestId('pricing-text');
    expect(text).toHaveTextContent('Тип цен определяет цену этого пользователя');
    expect(text).not.toHaveTextContent('вашу');
  });
});
