import type { SiteSettings } from '@portal/contract';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import '../../lib/i18n';
import { portalConfig } from '../../lib/portal-config';
import { Footer } from './Footer';

describe('Footer', () => {
  it('names the supplier of the site settings with its requisites, the company bills are issued by', () => {
    portalConfig.settings = {
      phone: '+7 (800) 555-27-40',
      email: 'dealers@techzapchast.local',
      copyright: '© 2026 ООО «ТехЗапчасть».',
      supplier: {
        name: 'ООО «ТехЗапчасть»',
        inn: '7701234560',
        kpp: '770101001',
        address: '123100, г. Москва, Пресненская наб., д. 12',
      },
    } as SiteSettings;
    render(<Footer />);
    expect(screen.getByTestId('footer-supplier')).toHaveTextContent(
      'ООО «ТехЗапчасть», ИНН 7701234560, КПП 770101001, 123100, г. Москва, Пресненская наб., д. 12',
    );
  });
});
