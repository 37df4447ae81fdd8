import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import '../../lib/i18n';
import ProductOrderControl from './ProductOrderControl';

function withClient(node: ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(['basket', 'list'], { count: 0, items: [] });
  return <QueryClientProvider client={client}>{node}</QueryClientProvider>;
}
beforeEach(() => {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(JSON.stringify({ result: { count: 0, items: [] } }), { status: 200 })),
  );
});
afterEach(() => vi.unstubAllGlobals());

describe('the catalogue’s order control tells the minimum before «В корзину» (docs/spec/09-constants.md, decision 140)', () => {
  it('a tea product shows «от 12 шт.», starts at 12 and does not add less', async () => {
    render(withClient(<ProductOrderControl productId={5} minQuantity={12} />));
    const field = screen.getByLabelText('Количество');
    expect(screen.getByText('от 12 шт.')).toBeInTheDocument();
    expect(field).toHaveValue('12');
    expect(screen.getByRole('button', { name: 'В корзину' })).toBeEnabled();
    await userEvent.clear(field);
    await userEvent.type(field, '5');
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('button', { name: 'В корзину' })).toBeDisabled();
    await userEvent.type(field, '0');
    expect(screen.getByRole('button', { name: 'В корзину' })).toBeEnabled();
  });

  it('other goods start at 1 and say nothing of a minimum', () => {
    render(withClient(<ProductOrderControl productId={6} compact />));
    expect(screen.getByLabelText('Количество')).toHaveValue('1');
    expect(screen.queryByText(/^от \d+ шт\.$/)).toBeNull();
    expect(screen.getByRole('button', { name: 'В корзину' })).toBeEnabled();
  });
});
