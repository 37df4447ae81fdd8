import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import '../../lib/i18n';
import ResetPage from './ResetPage';

describe('a new password by the e-mailed link: the rules (docs/spec/05-validation.md)', () => {
  it('lists every rule the password breaks at once', async () => {
    render(
      <QueryClientProvider client={new QueryClient()}>
        <MemoryRouter initialEntries={['/auth/reset?USER_LOGIN=dealer&USER_CHECKWORD=abc123']}>
          <ResetPage />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    await userEvent.type(screen.getByLabelText(/^Новый пароль/), 'ПАРОЛЬ');
    await userEvent.click(screen.getByRole('button', { name: 'Сменить пароль' }));
    await waitFor(() =>
      expect(screen.getAllByTestId('password-rule').map((r) => r.textContent)).toEqual([
        'Пароль должен содержать специальный символ',
        'Пароль должен содержать строчную букву',
        'Пароль должен содержать цифру',
      ]),
    );
  });
});
