import type { BasketItem } from '@portal/contract';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import '../../lib/i18n';
import { MinimumNotice } from './components/MinimumNotice';
import { QuantityCell } from './components/QuantityCell';

const line = (id: number, amount: number, minQuantity: number): BasketItem => ({
  id,
  basket: 7,
  order: null,
  product: 100 + id,
  productName: `Чай ${id}`,
  article: `T-${id}`,
  brand: '',
  amount,
  priceBuy: { value: 100, currency: 'RUB' },
  sum: { value: 100 * amount, currency: 'RUB' },
  measureCode: '796',
  measureName: 'шт',
  measureFactor: 1,
  availability: 'Y',
  stock: 10,
  stores: [],
  weightKg: null,
  volumeM3: null,
  minQuantity,
});

describe('the basket tells the dealer about minimum quantities before checkout (docs/spec/09-constants.md, decision 140)', () => {
  it('lists the lines below their minimum with the figures', () => {
    render(<MinimumNotice items={[line(1, 4, 10), line(2, 12, 10), line(3, 1, 0)]} />);
    const notice = screen.getByTestId('basket-minimum');
    expect(notice.textContent).toContain('Перед оформлением увеличьте количество');
    expect(notice.textContent).toContain('T-1 Чай 1: не меньше 10 шт. (сейчас 4)');
    expect(notice.textContent).not.toContain('T-2');
    expect(notice.textContent).not.toContain('T-3');
  });

  it('says nothing when every line holds its minimum', () => {
    render(<MinimumNotice items={[line(1, 10, 10), line(2, 1, 0)]} />);
    expect(screen.queryByTestId('basket-minimum')).toBeNull();
  });

  it('the quantity field names the minimum and is marked while below it', () => {
    const { rerender } = render(<QuantityCell value={4} min={10} label="Количество T-1" onCommit={() => {}} />);
    expect(screen.getByText('от 10 шт.')).toBeTruthy();
    expect(screen.getByLabelText('Количество T-1').getAttribute('aria-invalid')).toBe('true');
    rerender(<QuantityCell value={10} min={10} label="Количество T-1" onCommit={() => {}} />);
    expect(screen.getByLabelText('Количество T-1').getAttribute('aria-invalid')).toBe('false');
  });
});
