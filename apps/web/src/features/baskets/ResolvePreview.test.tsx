import type { ResolveResult } from '@portal/contract';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { pickActive } from '../../lib/active-basket';
import '../../lib/i18n';
import { ResolvePreview } from './components/ResolvePreview';

const candidate = (productId: number, article: string) => ({
  productId,
  name: `Деталь ${article}`,
  article,
  brand: 'Brand',
  price: { value: 100, currency: 'RUB' as const },
  availability: 'Y' as const,
  stock: 5,
  match: 'article' as const,
});

const result: ResolveResult = {
  found: 1,
  several: 1,
  notFound: 1,
  invalid: 1,
  lines: [
    { row: 1, article: 'A1', quantity: 3, status: 'found', candidates: [candidate(11, 'A1')] },
    { row: 2, article: 'B2', quantity: 1, status: 'several', candidates: [candidate(21, 'B2'), candidate(22, 'B-2')] },
    { row: 4, article: 'C3', quantity: 1, status: 'notFound', candidates: [] },
    { row: 5, article: 'D4', quantity: null, status: 'invalid', message: 'validation.quantityRange', candidates: [] },
  ],
};

describe('ResolvePreview', () => {
  it('takes found lines, lets the dealer choose among candidates and adds the chosen ones', async () => {
    const onAdd = vi.fn();
    render(<ResolvePreview result={result} busy={false} onAdd={onAdd} />);
    expect(screen.getByText('Количество должно быть от 1 до 10000')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Добавить в корзину (1)' })).toBeEnabled();
    await userEvent.click(screen.getByRole('combobox', { name: 'Вариант для B2' }));
    await userEvent.click(within(screen.getByRole('listbox')).getByText(/B-2/));
    await userEvent.clear(screen.getByLabelText('Количество B2'));
    await userEvent.type(screen.getByLabelText('Количество B2'), '4');
    await userEvent.click(screen.getByRole('button', { name: 'Добавить в корзину (2)' }));
    expect(onAdd).toHaveBeenCalledWith([
      { product: 11, quantity: 3 },
      { product: 22, quantity: 4 },
    ]);
  });
});

describe('active basket', () => {
  const b = (id: number) => ({
    id,
    name: `К${id}`,
    createdAt: '',
    currency: 'RUB',
    count: 0,
    totals: [],
    weightKg: 0,
    volumeM3: 0,
  });
  it('is the stored one, else the newest (the list comes newest first)', () => {
    expect(pickActive([b(3), b(2)], '2')?.id).toBe(2);
    expect(pickActive([b(3), b(2)], '99')?.id).toBe(3);
    expect(pickActive([b(3), b(2)], null)?.id).toBe(3);
    expect(pickActive([], null)).toBeNull();
  });
});
