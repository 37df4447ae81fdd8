import { permissionsFor, Role } from '@portal/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import '../../lib/i18n';
import { PaymentPrompt } from './PaymentPrompt';

/** The price toolbar (the payment-method prompt) checks the `PriceToolbar` ui permission. */
const calls: string[] = [];
beforeEach(() => {
  calls.length = 0;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      const name = /\/rest\/([^?]+)/.exec(url)?.[1] ?? '';
      calls.push(name);
      const result =
        name === 'payment/list' ? { count: 1, items: [{ id: 1, name: 'Безналичный расчёт', isActive: false }] } : {};
      return new Response(JSON.stringify({ result }), { status: 200, headers: { 'content-type': 'application/json' } });
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

function renderWith(permissions: ReturnType<typeof permissionsFor>) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(['profile'], { id: 2, login: 'dealer2', permissions });
  return render(
    <QueryClientProvider client={client}>
      <PaymentPrompt />
    </QueryClientProvider>,
  );
}

describe('PaymentPrompt', () => {
  it('asks a dealer without a payment method to choose one', async () => {
    renderWith(permissionsFor(Role.DEALERS));
    expect(await screen.findByTestId('payment-prompt')).toBeInTheDocument();
    expect(calls).toContain('payment/list');
  });

  it('shows nothing and asks nothing without the PriceToolbar permission', async () => {
    const permissions = permissionsFor(Role.DEALERS);
    permissions.PriceToolbar = { fetch: 0, create: 0, update: 0, delete: 0 };
    renderWith(permissions);
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByTestId('payment-prompt')).toBeNull();
    expect(calls).not.toContain('payment/list');
  });
});
