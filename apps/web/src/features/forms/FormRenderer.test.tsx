import type { PortalForm } from '@portal/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import '../../lib/i18n';
import { applyMask } from './api';
import { FormRenderer, profileValue, type FormSubmission } from './FormRenderer';

const base = {
  name: '',
  mask: null,
  readonly: false,
  options: [],
  rules: [],
  conditions: [],
  value: null,
  agreementId: null,
  required: false,
};

const FORM: PortalForm = {
  id: 1,
  code: 'TEST',
  title: 'Тестовая форма',
  description: '',
  fields: [
    {
      ...base,
      id: 1,
      code: 'TOPIC',
      type: 'SELECT',
      label: 'Тема обращения',
      options: [
        { title: 'Заказ', value: 'ORDER' },
        { title: 'Другое', value: 'OTHER' },
      ],
      value: 'OTHER',
    },
    {
      ...base,
      id: 2,
      code: 'ORDER_NUMBER',
      type: 'TEXT',
      label: 'Номер заказа',
      conditions: [{ field: 'TOPIC', value: 'ORDER' }],
      rules: [{ regex: '^\\d+$', message: 'Укажите номер заказа цифрами' }],
      required: true,
    },
    {
      ...base,
      id: 3,
      code: 'MESSAGE',
      type: 'TEXTAREA',
      label: 'Сообщение',
      rules: [{ regex: '^[\\s\\S]{5,}$', message: 'Слишком коротко' }],
      required: true,
    },
    { ...base, id: 4, code: 'PHONE', type: 'PHONE', label: 'Телефон', mask: '+7 (999) 999-99-99' },
    {
      ...base,
      id: 5,
      code: 'AGREEMENT_7',
      type: 'AGREEMENT',
      label: 'Согласен',
      agreementId: 7,
      rules: [{ regex: '^true$', message: 'Необходимо согласие' }],
      required: true,
    },
  ],
};

function renderForm(onSubmit: (s: FormSubmission) => Promise<void>) {
  return render(
    <QueryClientProvider client={new QueryClient()}>
      <FormRenderer form={FORM} submitLabel="Отправить" onSubmit={onSubmit} />
    </QueryClientProvider>,
  );
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('FormRenderer', () => {
  it('checks the definition’s rules before sending and shows each message', async () => {
    const onSubmit = vi.fn(() => Promise.resolve());
    renderForm(onSubmit);
    expect(screen.queryByLabelText(/Номер заказа/)).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Отправить' }));
    expect(await screen.findByText('Проверьте правильность заполнения полей формы')).toBeInTheDocument();
    expect(screen.getByText('Слишком коротко')).toBeInTheDocument();
    expect(screen.getByText('Необходимо согласие')).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('sends the visible fields and the consent', async () => {
    const onSubmit = vi.fn((_s: FormSubmission) => Promise.resolve());
    renderForm(onSubmit);
    fireEvent.change(screen.getByRole('textbox', { name: /Сообщение/ }), { target: { value: 'Помогите, пожалуйста' } });
    fireEvent.change(screen.getByLabelText('Телефон'), { target: { value: '89131234567' } });
    expect(screen.getByLabelText('Телефон')).toHaveValue('+7 (913) 123-45-67');
    fireEvent.click(screen.getByRole('checkbox', { name: /Согласен/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Отправить' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    const sent = onSubmit.mock.calls[0]![0];
    expect(sent.consent).toEqual([{ idAgreement: 7 }]);
    expect(sent.fields.map((f) => f.code)).toEqual(['TOPIC', 'MESSAGE', 'PHONE', 'AGREEMENT_7']);
  });
});

/** The support form as decision 191 has it: one subject, a fixed channel, an order from a list, a phone. */
const SUPPORT: PortalForm = {
  id: 2,
  code: 'USER_SUPPORT',
  title: 'Обращение в поддержку',
  description: '',
  fields: [
    {
      ...base,
      id: 2,
      code: 'ORDER_NUMBER',
      type: 'ORDER',
      label: 'Заказ',
      rules: [{ regex: '^\\d{1,10}$', message: 'Выберите заказ' }],
      required: true,
    },
    { ...base, id: 3, code: 'SUBJECT', type: 'TEXT', label: 'Тема' },
    { ...base, id: 5, code: 'PHONE', type: 'PHONE', label: 'Телефон для связи', mask: '+7 (999) 999-99-99' },
    {
      ...base,
      id: 7,
      code: 'CHANNEL',
      type: 'TEXT',
      label: 'Канал обращения',
      readonly: true,
      value: 'Дилерский портал',
    },
  ],
};

const ORDERS = [
  { id: 12, dateCreate: '2026-11-20T09:00:00.000Z', price: 1500, status: { name: 'Принят' } },
  { id: 9, dateCreate: '2026-10-02T09:00:00.000Z', price: 300, status: { name: 'Выполнен' } },
];

function renderSupport(onSubmit: (s: FormSubmission) => Promise<void>, phone = '8 913 555-12-34') {
  const calls: Array<{ name: string; body: unknown }> = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      const name = /\/rest\/([^?]+)/.exec(url)?.[1] ?? '';
      calls.push({ name, body: JSON.parse(String(init.body)) });
      return new Response(JSON.stringify({ result: { count: ORDERS.length, items: ORDERS } }), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(['profile'], { id: 2, login: 'dealer', phone, email: 'dealer@agromash.local' });
  render(
    <QueryClientProvider client={client}>
      <FormRenderer form={SUPPORT} submitLabel="Отправить" onSubmit={onSubmit} />
    </QueryClientProvider>,
  );
  return calls;
}

describe('the support form (decision 191)', () => {
  it('takes the phone from the profile and shows the channel as text, not as a field', async () => {
    renderSupport(vi.fn(() => Promise.resolve()));
    await waitFor(() => expect(screen.getByLabelText('Телефон для связи')).toHaveValue('+7 (913) 555-12-34'));
    expect(screen.getByTestId('readonly-CHANNEL')).toHaveTextContent('Канал обращенияДилерский портал');
    expect(screen.queryByRole('textbox', { name: /Канал обращения/ })).toBeNull();
  });

  it('offers the dealer’s own orders and sends the chosen one', async () => {
    const onSubmit = vi.fn((_s: FormSubmission) => Promise.resolve());
    const calls = renderSupport(onSubmit);
    await userEvent.click(screen.getByRole('combobox', { name: /Заказ/ }));
    await userEvent.click(await screen.findByRole('option', { name: /№ 12 от 20\.11\.2026/ }));
    expect((screen.getByRole('combobox', { name: /Заказ/ }) as HTMLInputElement).value).toMatch(
      /^№ 12 от 20\.11\.2026 · 1\s500\s₽ · Принят$/,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Отправить' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]![0].fields.find((f) => f.code === 'ORDER_NUMBER')?.value).toBe('12');
    expect(calls[0]).toEqual({ name: 'order/list', body: { size: 100, sort: { ID: 'DESC' } } });
  });

  it('asks for the order when none is chosen', async () => {
    const onSubmit = vi.fn(() => Promise.resolve());
    renderSupport(onSubmit);
    fireEvent.click(screen.getByRole('button', { name: 'Отправить' }));
    expect(await screen.findByText('Выберите заказ')).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('does not squeeze a foreign phone into the +7 mask', () => {
    const phone = SUPPORT.fields[2]!;
    expect(profileValue(phone, { phone: '+7 (913) 555-12-34', email: '' })).toBe('+7 (913) 555-12-34');
    expect(profileValue(phone, { phone: '+375 29 123-45-67', email: '' })).toBe('');
    expect(profileValue({ ...phone, readonly: true }, { phone: '+79135551234', email: '' })).toBe('');
  });
});

describe('applyMask', () => {
  it('fills the digits into the mask and skips the prefix the dealer typed', () => {
    expect(applyMask('+7 (999) 999-99-99', '9131234567')).toBe('+7 (913) 123-45-67');
    expect(applyMask('+7 (999) 999-99-99', '+7 (913) 12')).toBe('+7 (913) 12');
    expect(applyMask('+7 (999) 999-99-99', '')).toBe('');
  });
});
