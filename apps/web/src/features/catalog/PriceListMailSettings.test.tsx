import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SnackbarProvider } from 'notistack';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import '../../lib/i18n';
import { PriceListMailSettings } from './PriceListMailSettings';

/** The scheduled price-list e-mail's settings (decision 219): read, changed and saved as one call. */

const calls: Array<{ name: string; body: Record<string, unknown> }> = [];
let saved: Record<string, unknown>;

beforeEach(() => {
  calls.length = 0;
  saved = {
    schedule: 'off',
    weekday: 1,
    content: 'full',
    format: 'xlsx',
    lastSentAt: null,
    email: 'dealer@example.ru',
  };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const name = /\/rest\/([^?]+)/.exec(url)?.[1] ?? '';
      const body = init?.body && typeof init.body === 'string' ? JSON.parse(init.body) : {};
      calls.push({ name, body });
      if (name === 'price-list-mail/update') saved = { ...saved, ...body, lastSentAt: null };
      return new Response(JSON.stringify({ result: saved }), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

function renderIt() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <SnackbarProvider>
        <PriceListMailSettings />
      </SnackbarProvider>
    </QueryClientProvider>,
  );
}

async function choose(label: string, option: string) {
  await userEvent.click(screen.getByRole('combobox', { name: label }));
  await userEvent.click(within(screen.getByRole('listbox')).getByRole('option', { name: option }));
}

describe('PriceListMailSettings', () => {
  it('shows the address, hides the weekday until weekly, and saves the choice', async () => {
    renderIt();
    expect(await screen.findByText(/dealer@example\.ru/)).toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'День недели' })).toBeNull();
    expect(screen.getByRole('combobox', { name: 'Формат файла' })).toHaveAttribute('aria-disabled', 'true');

    await choose('Когда', 'Раз в неделю');
    await choose('День недели', 'Среда');
    await choose('Что присылать', 'Только изменения');
    expect(screen.getByText(/если ничего не изменилось, письма не будет/)).toBeInTheDocument();
    await choose('Формат файла', 'CSV для Excel (.csv)');
    await userEvent.click(screen.getByRole('button', { name: 'Сохранить' }));

    await waitFor(() => expect(calls.some((c) => c.name === 'price-list-mail/update')).toBe(true));
    expect(calls.find((c) => c.name === 'price-list-mail/update')!.body).toEqual({
      schedule: 'weekly',
      weekday: 3,
      content: 'changes',
      format: 'csv',
    });
    expect(await screen.findByText('Настройки рассылки сохранены')).toBeInTheDocument();
  });
});
