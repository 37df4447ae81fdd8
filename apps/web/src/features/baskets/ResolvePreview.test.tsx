import { permissionsFor, Role, type ResolveResult } from '@portal/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
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

function withApp(node: ReactNode, role = Role.DEALERS) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(['profile'], { id: 2, login: 'dealer', permissions: permissionsFor(role) });
  return (
    <QueryClientProvider client={client}>
      <MemoryRouter>{node}</MemoryRouter>
    </QueryClientProvider>
  );
}
afterEach(() => vi.unstubAllGlobals());
vi.mock('../../lib/notify', () => ({ notifyError: vi.fn(), notifySuccess: vi.fn() }));

describe('ResolvePreview', () => {
  it('takes found lines, lets the dealer choose among candidates and adds the chosen ones', async () => {
    const onAdd = vi.fn();
    render(withApp(<ResolvePreview result={result} busy={false} onAdd={onAdd} />));
    expect(screen.getAllByText('Количество должно быть от 1 до 10000')[0]).toBeInTheDocument();
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

describe('quick order line states (decision 191)', () => {
  const priced = candidate(31, 'LF3349');
  const unpriced = { ...candidate(41, 'NP-1'), price: null };
  const lines: ResolveResult = {
    found: 2,
    several: 0,
    notFound: 1,
    invalid: 0,
    lines: [
      {
        row: 1,
        article: 'LF3349',
        quantity: null,
        status: 'found',
        message: 'validation.number',
        quantityText: 'abc',
        candidates: [priced],
      },
      { row: 2, article: 'NP-1', quantity: 2, status: 'found', candidates: [unpriced] },
      { row: 3, article: 'NOPE-1', quantity: 1, status: 'notFound', candidates: [] },
    ],
  };

  it('a found part with a quantity not understood asks for it and is taken once it is given', async () => {
    const onAdd = vi.fn();
    render(withApp(<ResolvePreview result={lines} busy={false} onAdd={onAdd} />));
    expect(screen.getAllByText('Количество «abc» не распознано — укажите его')[0]).toBeInTheDocument();
    expect(screen.getAllByText('Найдено').length).toBeGreaterThan(0);
    expect(screen.getByRole('checkbox', { name: 'Добавить LF3349' })).not.toBeChecked();
    expect(screen.getByLabelText('Количество LF3349')).toHaveValue('');
    expect(screen.getByRole('button', { name: 'Добавить в корзину (0)' })).toBeDisabled();
    await userEvent.type(screen.getByLabelText('Количество LF3349'), '3');
    expect(screen.getByRole('checkbox', { name: 'Добавить LF3349' })).toBeChecked();
    await userEvent.click(screen.getByRole('button', { name: 'Добавить в корзину (1)' }));
    expect(onAdd).toHaveBeenCalledWith([{ product: 31, quantity: 3 }]);
  });

  it('a line without a price cannot be taken and says why', () => {
    render(withApp(<ResolvePreview result={lines} busy={false} onAdd={vi.fn()} />));
    expect(screen.getByRole('checkbox', { name: 'Добавить NP-1' })).toBeDisabled();
    expect(screen.getByRole('checkbox', { name: 'Добавить NP-1' })).not.toBeChecked();
    expect(screen.getByTestId('no-price')).toHaveTextContent(
      'Нет цены для вашего типа цен — в корзину не добавить; запросите цену у менеджера',
    );
  });

  it('after an add the page keeps the report and the numbers not found, with a link to the basket', async () => {
    const onAdd = vi.fn(async () => ({ basketId: 7, basketName: 'Основная', count: 1, added: [31] }));
    render(withApp(<ResolvePreview result={lines} busy={false} onAdd={onAdd} />));
    await userEvent.type(screen.getByLabelText('Количество LF3349'), '2');
    await userEvent.click(screen.getByRole('button', { name: 'Добавить в корзину (1)' }));
    const done = await screen.findByTestId('resolve-added');
    expect(done).toHaveTextContent('В корзину «Основная» добавлена 1 позиция');
    expect(within(done).getByRole('link', { name: 'Открыть корзину' })).toHaveAttribute('href', '/basket/7/');
    expect(screen.getByTestId('missing-parts')).toHaveTextContent('NOPE-1 × 1');
    expect(screen.getAllByText('В корзине').length).toBeGreaterThan(0);
    expect(screen.getByRole('button', { name: 'Добавить в корзину (0)' })).toBeDisabled();
  });
});

describe('a short line of the quick order or the import (decision 206)', () => {
  const short = (stock: number) => ({
    items: [
      {
        line: null,
        product: 11,
        amount: 3,
        stock,
        missing: 3 - stock,
        measureFactor: 1,
        alternatives: [
          {
            productId: 30,
            name: 'Фильтр в наличии',
            article: 'LF3349',
            brand: 'Fleetguard',
            kind: 'ANALOGUE' as const,
            chain: [],
            ratio: 1,
            price: { value: 90, currency: 'RUB' as const },
            stock: 50,
            measureFactor: 1,
          },
        ],
      },
    ],
  });
  const asked: unknown[] = [];
  const answer = (stock: number) =>
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init: RequestInit) => {
        if (url.includes('/rest/basket-item/alternatives')) asked.push(JSON.parse(String(init.body)));
        return new Response(JSON.stringify({ result: short(stock) }), {
          status: 200,
          headers: { 'content-type': 'application/json' },
        });
      }),
    );
  const only: ResolveResult = { ...result, lines: result.lines.slice(0, 1), several: 0, notFound: 0, invalid: 0 };

  it('asks for the found lines by product, says what is missing and takes the alternative instead', async () => {
    asked.length = 0;
    answer(1);
    const onAdd = vi.fn();
    render(withApp(<ResolvePreview result={result} busy={false} onAdd={onAdd} />));
    expect(await screen.findByText('Не хватает 2 шт.')).toBeInTheDocument();
    // Only the found, priced line is asked: the one with several candidates has no product chosen yet.
    expect(asked).toEqual([{ lines: [{ product: 11, amount: 3 }] }]);
    await userEvent.click(screen.getByRole('button', { name: 'Замены в наличии: 1' }));
    const dialog = screen.getByRole('dialog');
    expect(within(dialog).getByText(/В списке 3 шт., на складах 1 шт. — не хватает 2 шт./)).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Заменить: 3 шт.' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByTestId('resolve-alternative')).toHaveTextContent('Взамен A1: замена в наличии');
    expect(screen.getAllByTestId('resolve-line')[0]).toHaveTextContent('Фильтр в наличии');
    expect(screen.queryByText('Не хватает 2 шт.')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Добавить в корзину (1)' }));
    expect(onAdd).toHaveBeenCalledWith([{ product: 30, quantity: 3 }]);
  });

  it('splits: what is in stock stays on the line, the rest goes as the alternative; undo puts it back', async () => {
    answer(1);
    const onAdd = vi.fn();
    render(withApp(<ResolvePreview result={only} busy={false} onAdd={onAdd} />));
    await userEvent.click(await screen.findByRole('button', { name: 'Замены в наличии: 1' }));
    await userEvent.click(screen.getByRole('button', { name: 'Разделить: 1 шт. этого + 2 шт. замены' }));
    expect(screen.getByTestId('resolve-alternative')).toHaveTextContent('+ 2 шт. LF3349 Фильтр в наличии');
    expect(screen.getByLabelText('Количество A1')).toHaveValue('1');
    await userEvent.click(screen.getByRole('button', { name: 'Добавить в корзину (2)' }));
    expect(onAdd).toHaveBeenLastCalledWith([
      { product: 11, quantity: 1 },
      { product: 30, quantity: 2 },
    ]);
    await userEvent.click(screen.getByRole('button', { name: 'Вернуть как было' }));
    expect(screen.getByLabelText('Количество A1')).toHaveValue('3');
    expect(screen.getByText('Не хватает 2 шт.')).toBeInTheDocument();
  });

  it('a line the warehouses cover, at the quantity the dealer sets, offers nothing', async () => {
    answer(1);
    render(withApp(<ResolvePreview result={only} busy={false} onAdd={vi.fn()} />));
    expect(await screen.findByText('Не хватает 2 шт.')).toBeInTheDocument();
    await userEvent.clear(screen.getByLabelText('Количество A1'));
    await userEvent.type(screen.getByLabelText('Количество A1'), '1');
    expect(screen.queryByText(/Не хватает/)).toBeNull();
    expect(screen.queryByRole('button', { name: /Замены в наличии/ })).toBeNull();
  });
});

describe('part numbers not found', () => {
  it('are listed with their quantities and filed as a wishes request in one click', async () => {
    const sent: Array<{ name: string; body: unknown }> = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init: RequestInit) => {
        const name = /\/rest\/([^?]+)/.exec(url)?.[1] ?? '';
        sent.push({ name, body: JSON.parse(String(init.body)) });
        return new Response(JSON.stringify({ result: { items: [{ id: 1 }, { id: 2 }] } }), {
          status: 200,
          headers: { 'content-type': 'application/json' },
        });
      }),
    );
    const missing: ResolveResult = {
      ...result,
      notFound: 3,
      lines: [
        ...result.lines,
        { row: 6, article: 'E5', quantity: 4, status: 'notFound', candidates: [] },
        { row: 7, article: 'C3', quantity: 2, status: 'notFound', candidates: [] },
      ],
    };
    render(withApp(<ResolvePreview result={missing} busy={false} onAdd={vi.fn()} />));
    const block = screen.getByTestId('missing-parts');
    expect(block).toHaveTextContent('Нет в каталоге: 2');
    expect(block).toHaveTextContent('C3 × 3, E5 × 4');
    await userEvent.click(within(block).getByRole('button', { name: 'Оформить заявку по номерам деталей (2)' }));
    expect(await within(block).findByRole('link', { name: 'Мои заявки' })).toHaveAttribute('href', '/wishes/');
    // The found line's shortage is asked beside (decision 206); the request is the one write.
    expect(sent.filter((c) => c.name !== 'basket-item/alternatives')).toEqual([
      {
        name: 'application-empty-product/create',
        body: {
          items: [
            { article: 'C3', count: 3 },
            { article: 'E5', count: 4 },
          ],
        },
      },
    ]);
  });

  it('offer no request to a user who may not file one', () => {
    const permissions = permissionsFor(Role.DEALERS);
    permissions.wishes = { fetch: 1, create: 0, update: 0, delete: 0 };
    const client = new QueryClient();
    client.setQueryData(['profile'], { id: 2, login: 'dealer', permissions });
    render(
      <QueryClientProvider client={client}>
        <MemoryRouter>
          <ResolvePreview result={result} busy={false} onAdd={vi.fn()} />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    expect(screen.getByTestId('missing-parts')).toHaveTextContent('C3 × 1');
    expect(screen.queryByRole('button', { name: /Оформить заявку/ })).toBeNull();
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
