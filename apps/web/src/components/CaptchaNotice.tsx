import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { portalConfig } from '../lib/portal-config';

/**
 * The words Google asks for where its reCAPTCHA badge is hidden (docs/spec/05-validation.md, decision 141), shown under the forms
 * whose calls carry a token — only when a site key is configured.
 */
export function CaptchaNotice({ siteKey = portalConfig.settings?.captchaSiteKey ?? '' }: { siteKey?: string }) {
  const { t } = useTranslation();
  if (!siteKey) return null;
  return (
    <Typography variant="caption" color="text.secondary" component="p" data-testid="captcha-notice">
      {t('captcha.notice')}{' '}
      <Link href="https://policies.google.com/privacy" target="_blank" rel="noopener noreferrer">
        {t('captcha.privacy')}
      </Link>{' '}
      {t('captcha.and')}{' '}
      <Link href="https://policies.google.com/terms" target="_blank" rel="noopener noreferrer">
        {t('captcha.terms')}
      </Link>{' '}
      {t('captcha.after')}
    </Typography>
  );
}
