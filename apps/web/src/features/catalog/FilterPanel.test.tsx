import type { FilterItem } from '@portal/contract';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import i18n, { ensureLanguage } from '../../lib/i18n';
import { FilterPanel } from './FilterPanel';

const value = (v: string, n: number) => ({
  CONTROL_ID: `arCatalogProductsFilter_X_${v}`,
  CONTROL_NAME: 'arCatalogProductsFilter_X',
  SORT: 10,
  VALUE: v,
  HTML_VALUE: v,
  ELEMENT_COUNT: n,
});
const item = (code: string, type: FilterItem['DISPLAY_TYPE'], values: FilterItem['VALUES']): FilterItem => ({
  ID: code,
  ENCODED_ID: code,
  CODE: code,
  NAME: code === 'MODEL' ? 'Модель техники' : 'Цвет',
  FILTER_HINT: '',
  PRICE: false,
  DISPLAY_TYPE: type,
  VALUES: values.map((v) => ({ ...v, CONTROL_NAME: `arCatalogProductsFilter_${code}` })),
});

describe('FilterPanel display types', () => {
  it('draws a list (P) as one choice from a select', () => {
    const onChange = vi.fn();
    render(
      <FilterPanel
        items={[item('MODEL', 'P', [value('Vector 410', 3), value('Tucano 450', 2)])]}
        value={{}}
        onChange={onChange}
      />,
    );
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Модель техники' }));
    fireEvent.click(within(screen.getByRole('listbox')).getByText('Tucano 450 (2)'));
    expect(onChange).toHaveBeenCalledWith({ F_MODEL: ['Tucano 450'] });
  });

  it('shows «Любая» / «Any» in the list (P) box when nothing is chosen, the label above it', async () => {
    const items = [item('MODEL', 'P', [value('Vector 410', 3)])];
    await i18n.changeLanguage('ru');
    const { unmount } = render(<FilterPanel items={items} value={{}} onChange={vi.fn()} />);
    expect(screen.getByRole('combobox', { name: 'Модель техники' })).toHaveTextContent('Любая');
    unmount();
    await ensureLanguage('en');
    await i18n.changeLanguage('en');
    render(<FilterPanel items={items} value={{}} onChange={vi.fn()} />);
    expect(screen.getByRole('combobox', { name: 'Модель техники' })).toHaveTextContent('Any');
    await i18n.changeLanguage('ru');
  });

  it('draws colours (R) as swatches: one choice, a second click clears it', () => {
    const onChange = vi.fn();
    const { rerender } = render(
      <FilterPanel
        items={[item('COLOR', 'R', [value('#c62828', 4), value('#1565c0', 0)])]}
        value={{}}
        onChange={onChange}
      />,
    );
    const group = screen.getByRole('radiogroup', { name: 'Цвет' });
    const red = within(group).getByRole('radio', { name: '#c62828 (4)' });
    expect(within(group).getByRole('radio', { name: '#1565c0 (0)' })).toBeDisabled();
    fireEvent.click(red);
    expect(onChange).toHaveBeenLastCalledWith({ F_COLOR: ['#c62828'] });
    rerender(
      <FilterPanel
        items={[item('COLOR', 'R', [value('#c62828', 4), value('#1565c0', 0)])]}
        value={{ F_COLOR: ['#c62828'] }}
        onChange={onChange}
      />,
    );
    const chosen = screen.getByRole('radio', { name: '#c62828 (4)' });
    expect(chosen).toHaveAttribute('aria-checked', 'true');
    fireEvent.click(chosen);
    expect(onChange).toHaveBeenLastCalledWith({});
  });
});
