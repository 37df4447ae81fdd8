import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import '../lib/i18n';
import { CaptchaNotice } from './CaptchaNotice';

describe('CaptchaNotice (hidden reCAPTCHA badge, decision 141)', () => {
  it('says nothing when captcha is off', () => {
    render(<CaptchaNotice siteKey="" />);
    expect(screen.queryByTestId('captcha-notice')).toBeNull();
  });

  it('names reCAPTCHA and links Google’s policies when a site key is set', () => {
    render(<CaptchaNotice siteKey="site-key" />);
    expect(screen.getByTestId('captcha-notice').textContent).toBe(
      'Форма защищена reCAPTCHA: действуют Политика конфиденциальности и Условия использования Google.',
    );
    expect(screen.getByRole('link', { name: 'Политика конфиденциальности' }).getAttribute('href')).toBe(
      'https://policies.google.com/privacy',
    );
    expect(screen.getByRole('link', { name: 'Условия использования' }).getAttribute('href')).toBe(
      'https://policies.google.com/terms',
    );
  });
});
