import { DATA_TABLE_ROW_OPTIONS } from '@portal/contract';
import { fireEvent, render, screen, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, useLocation } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import '../lib/i18n';
import { useUrlPaging } from '../lib/list-params';
import { ListPagination } from './ListPagination';
import { UrlPagination } from './UrlPagination';

function Address() {
  return <output data-testid="address">{useLocation().search}</output>;
}

function UrlPaged({ count }: { count: number }) {
  return <ListPagination count={count} {...useUrlPaging([10, 25, 50], 10)} />;
}

const at = (url: string, children: ReactNode) =>
  render(
    <MemoryRouter initialEntries={[url]}>
      {children}
      <Address />
    </MemoryRouter>,
  );

const chooseSize = (name: string) => {
  fireEvent.mouseDown(screen.getByRole('combobox'));
  fireEvent.click(within(screen.getByRole('listbox')).getByRole('option', { name }));
};

describe('ListPagination', () => {
  it('speaks Russian: rows per page, «из», the page buttons and «Все»', () => {
    render(<ListPagination count={120} page={2} size={25} sizes={DATA_TABLE_ROW_OPTIONS} onChange={() => {}} />);
    expect(screen.getByText('Строк на странице')).toBeInTheDocument();
    expect(screen.getByText('26–50 из 120')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Предыдущая страница' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Следующая страница' })).toBeEnabled();
    fireEvent.mouseDown(screen.getByRole('combobox'));
    const options = within(screen.getByRole('listbox')).getAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual(['10', '25', '50', '100', 'Все']);
  });

  it('a new page keeps the size; a new size goes back to page 1', () => {
    const onChange = vi.fn();
    render(<ListPagination count={120} page={2} size={25} sizes={DATA_TABLE_ROW_OPTIONS} onChange={onChange} />);
    fireEvent.click(screen.getByRole('button', { name: 'Следующая страница' }));
    expect(onChange).toHaveBeenLastCalledWith(3, 25);
    fireEvent.click(screen.getByRole('button', { name: 'Предыдущая страница' }));
    expect(onChange).toHaveBeenLastCalledWith(1, 25);
    chooseSize('50');
    expect(onChange).toHaveBeenLastCalledWith(1, 50);
    chooseSize('Все');
    expect(onChange).toHaveBeenLastCalledWith(1, -1);
  });

  it('«all» shows every row on one page', () => {
    render(<ListPagination count={120} page={3} size={-1} sizes={DATA_TABLE_ROW_OPTIONS} onChange={() => {}} />);
    expect(screen.getByText('1–120 из 120')).toBeInTheDocument();
    expect(screen.getByRole('combobox')).toHaveTextContent('Все');
    expect(screen.getByRole('button', { name: 'Следующая страница' })).toBeDisabled();
  });

  it('shows a size from the address that the list does not offer as the chosen one', () => {
    render(<ListPagination count={500} page={1} size={-1} sizes={[60, 120, 240]} onChange={() => {}} />);
    expect(screen.getByRole('combobox')).toHaveTextContent('Все');
    expect(screen.getByText('1–500 из 500')).toBeInTheDocument();
  });

  it('useUrlPaging leaves page 1 and the default size out of the address and keeps the filters', () => {
    at('/user/?search=ivan&size=10&page=3', <UrlPaged count={100} />);
    expect(screen.getByText('21–30 из 100')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Следующая страница' }));
    expect(screen.getByTestId('address')).toHaveTextContent(/^\?search=ivan&page=4$/);
    chooseSize('25');
    expect(screen.getByTestId('address')).toHaveTextContent(/^\?search=ivan&size=25$/);
    expect(screen.getByText('1–25 из 100')).toBeInTheDocument();
  });

  it('UrlPagination writes page and size, with the catalogue sizes', () => {
    at('/returns/?status=2', <UrlPagination count={300} />);
    expect(screen.getByText('1–60 из 300')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Следующая страница' }));
    expect(screen.getByTestId('address')).toHaveTextContent(/^\?status=2&page=2&size=60$/);
    chooseSize('120');
    expect(screen.getByTestId('address')).toHaveTextContent(/^\?status=2&page=1&size=120$/);
  });
});
