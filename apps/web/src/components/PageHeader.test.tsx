import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import '../lib/i18n';
import { PageHeader } from './PageHeader';

describe('PageHeader', () => {
  it('starts the breadcrumbs at Рабочий стол and ends with the title', () => {
    render(
      <MemoryRouter>
        <PageHeader title="Заказ № 15" crumbs={[{ label: 'Заказы', to: '/order/' }]} />
      </MemoryRouter>,
    );
    const trail = screen.getByRole('navigation', { name: 'Навигационная цепочка' });
    expect(trail).toHaveTextContent(/^Рабочий стол.*Заказы.*Заказ № 15$/);
    expect(screen.getByRole('link', { name: 'Рабочий стол' })).toHaveAttribute('href', '/');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Заказ № 15');
    expect(document.title).toBe('Заказ № 15 — Дилерский портал');
  });
});
