import { permissionsFor, Role } from '@portal/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import '../../lib/i18n';
import ProfilePage from './ProfilePage';

describe('the profile’s password change: the rules (docs/spec/05-validation.md)', () => {
  it('lists every rule the new password breaks, one to a line', async () => {
    const client = new QueryClient();
    client.setQueryData(['profile'], {
      id: 2,
      login: 'dealer',
      firstName: 'Иван',
      lastName: 'Петров',
      middleName: '',
      fullName: 'Петров Иван',
      email: 'dealer@example.ru',
      phone: '',
      city: '',
      company: '',
      groups: ['DEALERS'],
      permissions: permissionsFor(Role.DEALERS),
    });
    render(
      <QueryClientProvider client={client}>
        <MemoryRouter>
          <ProfilePage />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    await userEvent.type(screen.getByLabelText(/^Текущий пароль/), 'Dealer#2026');
    await userEvent.type(screen.getByLabelText(/^Новый пароль/), 'short');
    await userEvent.click(screen.getByRole('button', { name: 'Сменить пароль' }));
    await waitFor(() =>
      expect(screen.getAllByTestId('password-rule').map((r) => r.textContent)).toEqual([
        'Пароль должен содержать минимум 6 символов',
        'Пароль должен содержать специальный символ',
        'Пароль должен содержать заглавную букву',
        'Пароль должен содержать цифру',
      ]),
    );
  });
});
