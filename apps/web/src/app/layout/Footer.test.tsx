import type { SiteSettings, User } from '@portal/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import '../../lib/i18n';
import { portalConfig } from '../../lib/portal-config';
import { PreferencesProvider } from '../preferences';
import { Footer } from './Footer';
import { TopBar } from './TopBar';

/** The settings a dealer's page carries: one supplier phone (decision 190). */
const SETTINGS = {
  phone: '+7 (800) 555-27-40',
  email: 'dealers@techzapchast.local',
  copyright: '© 2026 ООО «ТехЗапчасть».',
  supplier: {
    name: 'ООО «ТехЗапчасть»',
    inn: '7701234560',
    kpp: '770101001',
    address: '123100, г. Москва, Пресненская наб., д. 12',
    phone: '+7 (800) 555-27-40',
  },
} as SiteSettings;

beforeEach(() => {
  portalConfig.settings = SETTINGS;
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(JSON.stringify({ result: { count: 0, items: [] } }), { status: 200 })),
  );
});
afterEach(() => vi.unstubAllGlobals());

describe('Footer', () => {
  it('names the supplier of the site settings with its requisites, the company bills are issued by', () => {
    render(<Footer />);
    expect(screen.getByTestId('footer-supplier')).toHaveTextContent(
      'ООО «ТехЗапчасть», ИНН 7701234560, КПП 770101001, 123100, г. Москва, Пресненская наб., д. 12',
    );
  });

  it('shows the supplier’s phone once, as a link to call', () => {
    const { container } = render(<Footer />);
    expect(within(container).getAllByText(/555-27-40/)).toHaveLength(1);
    expect(screen.getByTestId('footer-phone')).toHaveAttribute('href', 'tel:+78005552740');
  });
});

describe('TopBar', () => {
  it('shows the supplier’s phone, the one of the footer and the bill', () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const user = { id: 2, login: 'dealer', firstName: 'Иван', fullName: 'Петров Иван', company: '' } as User;
    render(
      <QueryClientProvider client={client}>
        <PreferencesProvider>
          <MemoryRouter>
            <TopBar user={user} onMenu={() => undefined} />
          </MemoryRouter>
        </PreferencesProvider>
      </QueryClientProvider>,
    );
    expect(screen.getByTestId('header-phone')).toHaveTextContent('+7 (800) 555-27-40');
    expect(screen.getByTestId('header-phone')).toHaveAttribute('href', 'tel:+78005552740');
    expect(screen.getAllByRole('link', { name: 'Позвонить поставщику: +7 (800) 555-27-40' }).length).toBeGreaterThan(0);
  });
});
