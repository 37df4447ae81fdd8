import type { AuditEntry } from '@portal/contract';
import { fireEvent, render, screen, within } from '@testing-library/react';
import i18n from 'i18next';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import '../../lib/i18n';
import { AuditEntryCard } from './AuditEntryCard';

/** Decision 194: an audit entry reads as who, when, which object (a link) and the changed fields by name. */
const base: AuditEntry = {
  id: 1,
  date: '2026-11-20T09:30:00.000Z',
  user: { id: 1, login: 'admin', name: 'Петрова Анна' },
  ip: '127.0.0.1',
  entity: 'user',
  entityId: '5',
  action: 'update',
  before: null,
  after: null,
};

const names = { priceTypes: { '1': 'Розница', '2': 'Опт' }, paySystems: { '3': 'Наличные' } };

function show(entry: Partial<AuditEntry>) {
  render(
    <MemoryRouter>
      <AuditEntryCard entry={{ ...base, ...entry }} names={names} />
    </MemoryRouter>,
  );
  const row = screen.getByTestId('audit-row');
  const changes = within(row)
    .queryAllByTestId('audit-change')
    .map((c) => c.textContent);
  return { row, changes };
}

afterEach(async () => {
  await i18n.changeLanguage('ru');
});

describe('an audit entry', () => {
  it('names who, when and the object with a link, and each changed field in Russian with before → after', () => {
    const { row, changes } = show({
      before: { city: '', active: true, groups: ['DEALERS'], price_type_id: 2 },
      after: { city: 'Тверь', active: false, groups: ['DEALERS', 'EMPLOYEES'], price_type_id: 2 },
    });
    expect(within(row).getByTestId('audit-user')).toHaveTextContent('Петрова Анна (admin)');
    expect(within(row).getByRole('link', { name: /Петрова Анна/ })).toHaveAttribute('href', '/user/1/');
    expect(within(row).getByRole('link', { name: 'Пользователь № 5' })).toHaveAttribute('href', '/user/5/');
    expect(row).toHaveTextContent('20.11.2026');
    expect(row).toHaveTextContent('Изменение');
    // The unchanged price type is not a change; booleans and groups read as words.
    expect(changes).toEqual(['Город— → Тверь', 'АктивенДа → Нет', 'ГруппыДилеры → Дилеры, Сотрудники']);
    expect(row).not.toHaveTextContent(/city|active|DEALERS|price_type_id|Тип цен/);
  });

  it('names price types and payment methods instead of their ids', () => {
    const { changes } = show({
      before: { price_type_id: 1, pay_system_id: null },
      after: { price_type_id: 2, pay_system_id: 3 },
    });
    expect(changes).toEqual(['Тип ценРозница → Опт', 'Способ оплаты— → Наличные']);
  });

  it('compares nested values field by field: only the supplier’s phone that changed', () => {
    const supplier = { name: 'ООО «Поставщик»', phone: '+7 495 000-00-00', vatRate: 20 };
    const { row, changes } = show({
      entity: 'site-settings',
      entityId: 'main',
      before: { supplier },
      after: { supplier: { ...supplier, phone: '+7 495 111-11-11' } },
    });
    expect(changes).toEqual(['Поставщик › Телефон+7 495 000-00-00 → +7 495 111-11-11']);
    expect(within(row).getByRole('link', { name: 'Настройки сайта № main' })).toHaveAttribute(
      'href',
      '/admin/settings/',
    );
  });

  it('shows a desk order’s status by its name, its flags as Да/Нет and its lines, with a link to the desk', () => {
    const { row, changes } = show({
      entity: 'desk-order',
      entityId: '12',
      action: 'status',
      before: { status: 'Новый', isPayment: false, 'line AB-100': 2, 'correction 4': 'PENDING' },
      after: { status: 'Принят', isPayment: true, 'line AB-100': 5, 'correction 4': 'refused: нет на складе' },
    });
    expect(within(row).getByRole('link', { name: 'Заказ № 12' })).toHaveAttribute('href', '/desk/order/12/');
    expect(row).toHaveTextContent('Статус');
    expect(changes).toEqual([
      'СтатусНовый → Принят',
      'ОплаченНет → Да',
      'Позиция AB-100, количество2 → 5',
      'Корректировка № 4ждёт решения → отклонена: нет на складе',
    ]);
  });

  it('lists a news item’s values when created, as text, and links to its back-office section', () => {
    const { row, changes } = show({
      entity: 'news',
      entityId: '3',
      action: 'create',
      after: { id: 3, title: 'Новый склад', previewText: '<p>Открыли <b>склад</b>&nbsp;в Твери</p>', active: false },
    });
    expect(within(row).getByRole('link', { name: 'Новость № 3' })).toHaveAttribute('href', '/admin/content/news/');
    expect(row).toHaveTextContent('Новый склад');
    expect(changes).toEqual(['ЗаголовокНовый склад', 'АнонсОткрыли склад в Твери', 'АктивенНет']);
  });

  it('has no link for a deleted record, and hides a long list behind «Ещё»', () => {
    const before = Object.fromEntries(Array.from({ length: 10 }, (_, i) => [`field${i}`, `v${i}`]));
    const { row, changes } = show({ action: 'delete', before });
    expect(within(row).queryByRole('link', { name: /Пользователь/ })).toBeNull();
    expect(within(row).getByTestId('audit-object')).toHaveTextContent('Пользователь № 5');
    expect(changes).toHaveLength(8);
    fireEvent.click(within(row).getByRole('button', { name: 'Ещё 2' }));
    expect(within(row).getAllByTestId('audit-change')).toHaveLength(10);
  });

  it('speaks English in the English interface', async () => {
    await i18n.changeLanguage('en');
    const { row, changes } = show({ before: { city: '', approved: false }, after: { city: 'Tver', approved: true } });
    expect(within(row).getByRole('link', { name: 'User no. 5' })).toBeInTheDocument();
    expect(changes).toEqual(['City— → Tver', 'ApprovedNo → Yes']);
  });
});
