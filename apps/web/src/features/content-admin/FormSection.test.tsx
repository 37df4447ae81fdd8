import type { FormAdmin } from '@portal/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import '../../lib/i18n';
import { notifySuccess } from '../../lib/notify';
import { FormEditor } from './FormSection';

vi.mock('../../lib/notify', () => ({ notifyError: vi.fn(), notifySuccess: vi.fn() }));

/** Decision 148: the form editor edits the English texts beside the Russian ones and sends them. */
const field = {
  name: 'COLOR',
  mask: null,
  required: true,
  readonly: false,
  conditions: [],
  value: null,
  agreementId: null,
};
const ITEM: FormAdmin = {
  id: 5,
  code: 'COLOR_REQUEST',
  title: 'Запрос цвета',
  titleEn: 'Colour request',
  description: 'Укажите цвет',
  sort: 20,
  answers: 0,
  fields: [
    {
      ...field,
      id: 1,
      code: 'COLOR',
      type: 'SELECT',
      label: 'Цвет кузова',
      options: [
        { title: 'Белый', value: 'white' },
        { title: 'Чёрный', value: 'black' },
      ],
      rules: [{ regex: '^white$', message: 'Пока только белый' }],
    },
  ],
  translationEn: {
    description: 'Name the colour',
    fields: { COLOR: { label: 'Body colour', options: { white: 'White' }, messages: ['Only white for now'] } },
  },
};

const calls: Array<{ name: string; body: unknown }> = [];
let answer: () => Response;
beforeEach(() => {
  calls.length = 0;
  answer = () => new Response(JSON.stringify({ result: ITEM }), { status: 200 });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      calls.push({ name: /\/rest\/([^?]+)/.exec(url)?.[1] ?? '', body: JSON.parse(String(init.body)) });
      return answer();
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

function renderEditor() {
  const onSaved = vi.fn();
  // The editor saves through a mutation hook (api.ts), which needs a query client.
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <FormEditor item={ITEM} onClose={() => undefined} onSaved={onSaved} />
    </QueryClientProvider>,
  );
  return onSaved;
}

describe('the form editor’s English texts', () => {
  // Dozens of role and label queries over the MUI editor: seconds on an idle machine, more on a busy one.
  it(
    'are folded per field, prefilled from the stored overlay, and sent beside the Russian ones',
    { timeout: 60_000 },
    async () => {
      const onSaved = renderEditor();
      expect(screen.getByLabelText('Описание по-английски')).toHaveValue('Name the colour');
      const group = screen.getByRole('group', { name: 'Поле 1' });
      const summary = within(group).getByRole('button', { name: /Тексты по-английски/ });
      // label, two options, one rule: three of four are filled in
      expect(summary).toHaveTextContent('заполнено 3 из 4');
      expect(summary).toHaveAttribute('aria-expanded', 'false');
      expect(within(group).queryByLabelText('Подпись по-английски')).not.toBeInTheDocument();
      fireEvent.click(summary);
      expect(within(group).getByLabelText('Подпись по-английски')).toHaveValue('Body colour');
      expect(within(group).getByLabelText('Вариант 1 по-английски')).toHaveValue('White');
      const black = within(group).getByLabelText('Вариант 2 по-английски');
      expect(black).toHaveValue('');
      expect(black).toHaveAttribute('placeholder', 'Чёрный');
      fireEvent.change(black, { target: { value: 'Black' } });
      fireEvent.change(within(group).getByLabelText('Сообщение проверки 1 по-английски'), { target: { value: '' } });
      expect(summary).toHaveTextContent('заполнено 3 из 4');
      // A new option gets its own English box; the removed first one takes its English text with it.
      fireEvent.click(within(group).getByRole('button', { name: 'Добавить вариант' }));
      fireEvent.click(within(group).getByRole('button', { name: 'Убрать: Текст 1' }));
      expect(within(group).getByLabelText('Вариант 1 по-английски')).toHaveValue('Black');
      expect(within(group).getByLabelText('Вариант 2 по-английски')).toHaveValue('');
      const texts = within(group).getAllByLabelText(/^Текст/);
      fireEvent.change(texts[1]!, { target: { value: 'Красный' } });
      fireEvent.change(within(group).getAllByLabelText(/^Значение\*?$/)[1]!, { target: { value: 'red' } });
      fireEvent.change(within(group).getByLabelText('Вариант 2 по-английски'), { target: { value: 'Red' } });
      fireEvent.change(screen.getByLabelText('Описание по-английски'), { target: { value: 'Pick one' } });

      fireEvent.click(screen.getByRole('button', { name: 'Сохранить' }));
      await waitFor(() => expect(onSaved).toHaveBeenCalled());
      expect(notifySuccess).toHaveBeenCalledWith('Сохранено');
      expect(calls.map((c) => c.name)).toEqual(['form/update']);
      const sent = (calls[0]!.body as { fields: { descriptionEn: string; fields: Array<Record<string, unknown>> } })
        .fields;
      expect(sent.descriptionEn).toBe('Pick one');
      expect(sent.fields[0]).toMatchObject({
        label: 'Цвет кузова',
        labelEn: 'Body colour',
        options: [
          { title: 'Чёрный', value: 'black', titleEn: 'Black' },
          { title: 'Красный', value: 'red', titleEn: 'Red' },
        ],
        rules: [{ regex: '^white$', message: 'Пока только белый', messageEn: '' }],
      });
    },
  );

  it('opens the section of a field whose English text the server refused, with the message on it', async () => {
    answer = () =>
      new Response(
        JSON.stringify({
          error: 'VALIDATION',
          error_description: 'Проверьте поля',
          fields: { 'fields.fields.0.labelEn': 'Слишком длинное значение' },
        }),
        { status: 400 },
      );
    renderEditor();
    fireEvent.click(screen.getByRole('button', { name: 'Сохранить' }));
    const group = screen.getByRole('group', { name: 'Поле 1' });
    const label = await within(group).findByLabelText('Подпись по-английски');
    expect(label).toHaveAttribute('aria-invalid', 'true');
    expect(within(group).getByText('Слишком длинное значение')).toBeInTheDocument();
  });
});
