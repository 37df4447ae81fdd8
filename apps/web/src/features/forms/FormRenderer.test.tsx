import type { PortalForm } from '@portal/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import '../../lib/i18n';
import { applyMask } from './api';
import { FormRenderer, type FormSubmission } from './FormRenderer';

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

afterEach(cleanup);

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

describe('applyMask', () => {
  it('fills the digits into the mask and skips the prefix the dealer typed', () => {
    expect(applyMask('+7 (999) 999-99-99', '9131234567')).toBe('+7 (913) 123-45-67');
    expect(applyMask('+7 (999) 999-99-99', '+7 (913) 12')).toBe('+7 (913) 12');
    expect(applyMask('+7 (999) 999-99-99', '')).toBe('');
  });
});
