import type { DeskOrder } from '@portal/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import '../../../lib/i18n';
import './api';
import { DeskOffer } from './DeskOffer';

/** Decision 146: the desk attaches, replaces and (after a confirmation) removes the offer. */
const calls: Array<{ name: string; body: unknown }> = [];
const order = { id: 7, isCanceled: false, offerFileName: '', commerceOffer: undefined } as unknown as DeskOrder;
const withOffer = {
  ...order,
  offerFileName: 'КП.pdf',
  commerceOffer: { id: 41, src: '/files/41/download', description: 'Скидка 5 %' },
} as DeskOrder;

beforeEach(() => {
  calls.length = 0;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      const name = /\/rest\/([^?]+)/.exec(url)?.[1] ?? '';
      const body = typeof init.body === 'string' ? JSON.parse(init.body) : init.body;
      calls.push({ name, body });
      const result = name === 'files/save' ? { count: 1, items: [{ id: 40 }] } : withOffer;
      return new Response(JSON.stringify({ result }), { status: 200, headers: { 'content-type': 'application/json' } });
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

function renderOffer(o: DeskOrder) {
  const onDone = vi.fn();
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <DeskOffer o={o} onDone={onDone} />
    </QueryClientProvider>,
  );
  return onDone;
}

describe('DeskOffer', () => {
  it('uploads the chosen file and attaches it with the description', async () => {
    const onDone = renderOffer(order);
    expect(screen.getByText('Коммерческое предложение не приложено')).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText(/Описание/), { target: { value: '  Скидка 5 %  ' } });
    const file = new File(['%PDF-1.4'], 'КП.pdf', { type: 'application/pdf' });
    fireEvent.change(screen.getByTestId('desk-offer-file'), { target: { files: [file] } });
    await waitFor(() => expect(onDone).toHaveBeenCalledWith(withOffer));
    expect(calls.map((c) => c.name)).toEqual(['files/save', 'desk-order/offer']);
    expect(calls[1]!.body).toEqual({ id: 7, fileId: 40, description: 'Скидка 5 %' });
  });

  it('shows the attached offer and removes it only after a confirmation', async () => {
    const onDone = renderOffer(withOffer);
    expect(screen.getByText(/Приложен файл «КП.pdf»/)).toHaveTextContent('Скидка 5 %');
    expect(screen.getByTestId('desk-offer-open')).toHaveAttribute('href', '/files/41/download');
    expect(screen.getByText('Заменить файл')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Удалить' }));
    expect(await screen.findByText('Удалить коммерческое предложение?')).toBeInTheDocument();
    expect(calls).toHaveLength(0);
    const dialog = screen.getByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Удалить' }));
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(calls).toEqual([{ name: 'desk-order/offer', body: { id: 7, fileId: null } }]);
  });
});
