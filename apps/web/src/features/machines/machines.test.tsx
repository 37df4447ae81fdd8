import type { Machine } from '@portal/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, renderHook, screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import '../../lib/i18n';
import { machinesQuery, useCreateMachine, useDeleteMachine } from './api';
import CheckoutMachine from './CheckoutMachine';
import MachineFilter from './MachineFilter';

/** The dealer's machines in the catalogue's toolbar and at checkout (decisions 208, 209). */
const machine = (id: number, name: string, model: string, serial = ''): Machine => ({
  id,
  userId: 2,
  name,
  model,
  serial,
  year: null,
  dateCreate: '2026-11-27T00:00:00.000Z',
  dateUpdate: '2026-11-27T00:00:00.000Z',
});
let items: Machine[] = [];
beforeEach(() => {
  items = [machine(1, 'Трактор №1', 'John Deere 8R 410', '1RW8410DXKD012345'), machine(2, '', 'Lexion 760')];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: { body?: string }) => {
      const name = /\/rest\/([^?]+)/.exec(url)?.[1] ?? '';
      const input = init?.body ? (JSON.parse(init.body) as Record<string, unknown>) : {};
      const result =
        name === 'machine/list'
          ? { count: items.length, items }
          : name === 'machine/create'
            ? machine(3, String(input.name ?? ''), String(input.model))
            : name === 'machine/delete'
              ? { ok: true }
              : {};
      return new Response(JSON.stringify({ result }), { status: 200, headers: { 'content-type': 'application/json' } });
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

function wrapper(client: QueryClient) {
  return function Wrapper({ children }: { children: ReactNode }) {
    return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
  };
}
const newClient = () => new QueryClient({ defaultOptions: { queries: { retry: false } } });

describe('MachineFilter', () => {
  it('offers no selection, all machines and each machine, and answers F_MACHINE values', async () => {
    const onChange = vi.fn();
    render(<MachineFilter value={[]} onChange={onChange} />, { wrapper: wrapper(newClient()) });
    fireEvent.mouseDown(await screen.findByRole('combobox', { name: 'Для моей техники' }));
    const list = within(screen.getByRole('listbox'));
    expect(list.getAllByRole('option').map((o) => o.textContent)).toEqual([
      'Без отбора',
      'Все мои машины',
      'Трактор №1 · John Deere 8R 410',
      'Lexion 760',
    ]);
    fireEvent.click(list.getByRole('option', { name: 'Все мои машины' }));
    expect(onChange).toHaveBeenCalledWith(['all']);
  });

  it('shows nothing to a dealer without machines', async () => {
    items = [];
    const client = newClient();
    const { container } = render(<MachineFilter value={[]} onChange={() => {}} />, { wrapper: wrapper(client) });
    await waitFor(() => expect(client.getQueryData(machinesQuery().queryKey)).toBeDefined());
    expect(container).toBeEmptyDOMElement();
  });
});

describe('CheckoutMachine', () => {
  it('«Машина стоит» waits for a machine; a machine picked is handed over with its serial and model', async () => {
    const onChange = vi.fn();
    const { rerender } = render(<CheckoutMachine machine={undefined} urgent={false} onChange={onChange} />, {
      wrapper: wrapper(newClient()),
    });
    expect(await screen.findByRole('checkbox', { name: 'Машина стоит — срочный заказ' })).toBeDisabled();
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Машина из «Моей техники»' }));
    fireEvent.click(within(screen.getByRole('listbox')).getByRole('option', { name: /Трактор №1/ }));
    expect(onChange).toHaveBeenLastCalledWith({
      machine: { id: 1, model: 'John Deere 8R 410', serial: '1RW8410DXKD012345' },
      urgent: false,
    });
    rerender(<CheckoutMachine machine={1} urgent={false} onChange={onChange} />);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Машина стоит — срочный заказ' }));
    expect(onChange).toHaveBeenLastCalledWith({
      machine: { id: 1, model: 'John Deere 8R 410', serial: '1RW8410DXKD012345' },
      urgent: true,
    });
  });
});

describe('machine mutations', () => {
  it('put the server’s answer into the cached list, without asking for the list again', async () => {
    const client = newClient();
    await client.fetchQuery(machinesQuery());
    const listCalls = () =>
      (fetch as unknown as { mock: { calls: Array<[string]> } }).mock.calls.filter(([u]) => u.includes('machine/list'))
        .length;
    const before = listCalls();
    const create = renderHook(() => useCreateMachine(), { wrapper: wrapper(client) });
    await act(() => create.result.current.mutateAsync({ model: 'Tucano 450', name: 'Комбайн №3' }));
    expect(client.getQueryData(machinesQuery().queryKey)?.items.map((m) => m.id)).toEqual([1, 2, 3]);
    const remove = renderHook(() => useDeleteMachine(), { wrapper: wrapper(client) });
    await act(() => remove.result.current.mutateAsync(1));
    expect(client.getQueryData(machinesQuery().queryKey)).toMatchObject({ count: 2, items: [{ id: 2 }, { id: 3 }] });
    expect(listCalls()).toBe(before);
  });
});
