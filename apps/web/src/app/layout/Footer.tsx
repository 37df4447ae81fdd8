import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { portalConfig } from '../../lib/portal-config';
import { telHref } from '../../lib/phone';
import { SupplierLine } from '../../components/SupplierLine';

/** Contacts, the supplier's name and requisites (the same as on every bill, decision 063), copyright. */
export function Footer() {
  const { t } = useTranslation();
  const s = portalConfig.settings;
  // The supplier's one phone, the same as in the header and on the bill (decision 190).
  const phone = s?.supplier.phone;
  return (
    <Box
      component="footer"
      aria-label={t('footer.supplier')}
      sx={{
        mt: 'auto',
        py: 2,
        px: 3,
        borderTop: 1,
        borderColor: 'divider',
        display: 'flex',
        gap: { xs: 1, sm: 3 },
        flexWrap: 'wrap',
        color: 'text.secondary',
        fontSize: 14,
      }}
    >
      {phone && (
        <Link href={telHref(phone)} color="inherit" underline="hover" data-testid="footer-phone">
          {phone}
        </Link>
      )}
      {s?.email && (
        <Link href={`mailto:${s.email}`} color="inherit" underline="hover">
          {s.email}
        </Link>
      )}
      <Typography component="span" sx={{ ml: { sm: 'auto' }, fontSize: 'inherit' }}>
        {s?.copyright}
      </Typography>
      {s?.supplier.name && (
        <Typography component="span" data-testid="footer-supplier" sx={{ flexBasis: '100%', fontSize: 12 }}>
          <SupplierLine supplier={s.supplier} />
        </Typography>
      )}
    </Box>
  );
}
