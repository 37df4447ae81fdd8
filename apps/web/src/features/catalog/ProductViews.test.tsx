import type { Product } from '@portal/contract';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import '../../lib/i18n';
import { ColorValue, PriceTag } from './ProductViews';

/** The info price (docs/spec/03-entities.md `priceInfo`, the base price type's price) is shown where sent. */
const price = {
  id: 1,
  name: 'Дилерская',
  value: 1080,
  currency: 'RUB',
  text: '1 080,00 ₽',
  paySystemId: 1,
  paySystemName: 'Безналичный расчёт',
} as unknown as NonNullable<Product['price']>;

describe('PriceTag', () => {
  it('shows the base price under the dealer’s price when the product carries one', () => {
    render(<PriceTag product={{ price, needsPaySystem: false, priceInfo: { value: 1234.5, currency: 'RUB' } }} />);
    expect(screen.getByText('1 080,00 ₽')).toBeInTheDocument();
    const info = screen.getByTestId('price-info');
    expect(info.textContent?.replace(/\s/g, ' ')).toBe('Базовая цена: 1 234,50 ₽');
  });

  it('shows no base price when the product has none, nor without a price', () => {
    render(<PriceTag product={{ price, needsPaySystem: false }} />);
    expect(screen.queryByTestId('price-info')).toBeNull();
    render(<PriceTag product={{ price: null, needsPaySystem: false, priceInfo: { value: 5, currency: 'RUB' } }} />);
    expect(screen.getByText('Цена по запросу')).toBeInTheDocument();
    expect(screen.queryByTestId('price-info')).toBeNull();
  });
});

describe('ColorValue', () => {
  it('paints a known colour’s swatch beside its name, in either language (decision 147)', () => {
    const { unmount } = render(<ColorValue name="Красный" />);
    expect(screen.getByText('Красный')).toBeInTheDocument();
    expect(getComputedStyle(screen.getByTestId('color-swatch')).backgroundColor).toBe('rgb(198, 40, 40)');
    unmount();
    render(<ColorValue name="Blue" />);
    expect(getComputedStyle(screen.getByTestId('color-swatch')).backgroundColor).toBe('rgb(21, 101, 192)');
  });

  it('shows an unknown colour as text only, without a swatch', () => {
    render(<ColorValue name="Хаки" />);
    expect(screen.getByText('Хаки')).toBeInTheDocument();
    expect(screen.queryByTestId('color-swatch')).toBeNull();
  });
});
