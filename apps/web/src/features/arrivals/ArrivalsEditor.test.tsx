import type { ProductArrivals } from '@portal/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import '../../lib/i18n';
import { arrivalKeys } from './api';
import { ArrivalsEditor } from './ArrivalsEditor';

vi.mock('../../lib/notify', () => ({ notifyError: vi.fn(), notifySuccess: vi.fn() }));

const view: ProductArrivals = {
  product: 7,
  stock: 0,
  subscribed: false,
  arrivals: [
    { date: '2026-12-12', quantity: 40, store: 1, storeName: 'Москва', source: '1C' },
    { date: '2026-12-20', quantity: 8, store: 2, storeName: 'Казань', source: 'MANUAL' },
  ],
};
const stores = {
  items: [
    { id: 1, name: 'Москва', isVirtual: false },
    { id: 2, name: 'Казань', isVirtual: false },
  ],
};

let calls: Array<{ name: string; body: unknown }> = [];
let refuse: Record<string, string> | null = null;
beforeEach(() => {
  calls = [];
  refuse = null;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      const name = /\/rest\/([^?]+)/.exec(url)?.[1] ?? '';
      const body = JSON.parse(String(init.body)) as { arrivals?: unknown[] };
      calls.push({ name, body });
      const json = (status: number, payload: unknown) =>
        new Response(JSON.stringify(payload), { status, headers: { 'content-type': 'application/json' } });
      if (name === 'product/arrival-stores') return json(200, { result: stores });
      if (refuse) return json(400, { error: 'VALIDATION', error_description: 'Проверьте поля', fields: refuse });
      return json(200, {
        result: { ...view, arrivals: [view.arrivals[0], ...(body.arrivals ?? []).map(() => view.arrivals[1])] },
      });
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

function setUp() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const onClose = vi.fn();
  render(
    <QueryClientProvider client={client}>
      <ArrivalsEditor article="RE504836" arrivals={view} onClose={onClose} />
    </QueryClientProvider>,
  );
  return { client, onClose };
}
const updates = () => calls.filter((c) => c.name === 'product/arrivals-update');

describe('the back office’s arrivals editor (decision 207)', () => {
  it('edits only the rows set by hand; 1C’s are shown, not sent', async () => {
    const { client, onClose } = setUp();
    const dialog = screen.getByRole('dialog', { name: 'Ожидаемые поступления RE504836' });
    expect(within(dialog).getByTestId('arrivals-1c')).toHaveTextContent('Из 1С: 40 — 12.12.2026 (Москва)');
    expect(within(dialog).getAllByTestId('arrival-row')).toHaveLength(1);
    expect(within(dialog).getByLabelText('Дата')).toHaveValue('2026-12-20');
    await userEvent.clear(within(dialog).getByLabelText('Количество'));
    await userEvent.type(within(dialog).getByLabelText('Количество'), '12,5');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Сохранить' }));
    await vi.waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(updates().map((c) => c.body)).toEqual([
      { id: 7, arrivals: [{ date: '2026-12-20', quantity: 12.5, store: 2 }] },
    ]);
    expect(client.getQueryData(arrivalKeys.product(7))).toBeTruthy();
  });

  it('checks a new row before the call, in Russian', async () => {
    const { onClose } = setUp();
    await userEvent.click(screen.getByRole('button', { name: 'Добавить поступление' }));
    await userEvent.click(screen.getByRole('button', { name: 'Сохранить' }));
    expect(screen.getByText('Укажите дату')).toBeInTheDocument();
    expect(screen.getByText('Количество — число больше нуля')).toBeInTheDocument();
    expect(updates()).toEqual([]);
    expect(onClose).not.toHaveBeenCalled();
  });

  it('asks before removing an arrival; «Отмена» keeps it, «Удалить» takes it out of what is saved', async () => {
    const { onClose } = setUp();
    // The editor is hidden from the accessibility tree while the confirmation is open, and until it has closed.
    const remove = () => screen.findByRole('button', { name: 'Удалить поступление 20.12.2026' });
    await userEvent.click(await remove());
    const confirm = screen.getByRole('dialog', { name: 'Удалить поступление?' });
    expect(confirm).toHaveTextContent('Поступление 8 шт. на 20.12.2026 (Казань) будет удалено после сохранения.');
    await userEvent.click(within(confirm).getByRole('button', { name: 'Отмена' }));
    expect(screen.getAllByTestId('arrival-row')).toHaveLength(1);
    await userEvent.click(await remove());
    await userEvent.click(
      within(screen.getByRole('dialog', { name: 'Удалить поступление?' })).getByRole('button', { name: 'Удалить' }),
    );
    expect(screen.queryAllByTestId('arrival-row')).toHaveLength(0);
    expect(screen.getByText('Поступлений, заданных вручную, нет.')).toBeInTheDocument();
    await userEvent.click(await screen.findByRole('button', { name: 'Сохранить' }));
    await vi.waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(updates().map((c) => c.body)).toEqual([{ id: 7, arrivals: [] }]);
  });

  it('puts the server’s field message on its row and stays open', async () => {
    refuse = { 'arrivals.0.store': 'Такого склада нет — выберите склад из списка' };
    const { onClose } = setUp();
    await userEvent.click(screen.getByRole('button', { name: 'Сохранить' }));
    expect(await screen.findByText('Такого склада нет — выберите склад из списка')).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Проверьте поля');
    expect(onClose).not.toHaveBeenCalled();
  });
});
