import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import '../../lib/i18n';
import RegistrationPage from './RegistrationPage';

const calls: string[] = [];
beforeEach(() => {
  calls.length = 0;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      calls.push(url);
      return new Response('{"result":{}}', { status: 200, headers: { 'content-type': 'application/json' } });
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

const rules = () => screen.getAllByTestId('password-rule').map((r) => r.textContent);

describe('registration: the password rules (docs/spec/05-validation.md)', () => {
  it('lists every rule the password breaks at once, and the rest as the dealer fixes them', async () => {
    render(
      <QueryClientProvider client={new QueryClient()}>
        <MemoryRouter>
          <RegistrationPage />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    const password = screen.getByLabelText(/^Пароль/);
    expect(password.closest('.MuiFormControl-root')).toHaveTextContent('Не короче 6 символов');
    await userEvent.type(password, 'abc');
    await userEvent.click(screen.getByRole('button', { name: 'Отправить заявку' }));
    await waitFor(() =>
      expect(rules()).toEqual([
        'Пароль должен содержать минимум 6 символов',
        'Пароль должен содержать специальный символ',
        'Пароль должен содержать заглавную букву',
        'Пароль должен содержать цифру',
      ]),
    );
    await userEvent.type(password, 'DEF1');
    await waitFor(() => expect(rules()).toEqual(['Пароль должен содержать специальный символ']));
    expect(calls).toEqual([]);
  });
});
