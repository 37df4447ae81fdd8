import AgricultureOutlined from '@mui/icons-material/AgricultureOutlined';
import Alert from '@mui/material/Alert';
import Link from '@mui/material/Link';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { machinesQuery } from './api';
import { machineLabel } from './labels';

/** On a product card: which of the dealer's machines the part fits, by its machine model (decision 208). */
export default function ProductMachines({ model }: { model: string }) {
  const { t } = useTranslation('machines');
  const machines = useQuery(machinesQuery());
  const fits = (machines.data?.items ?? []).filter((m) => m.model === model);
  if (fits.length === 0) return null;
  return (
    <Alert severity="success" icon={<AgricultureOutlined />} data-testid="product-machines">
      {t('fits', { count: fits.length })}{' '}
      <b>{fits.map((m) => (m.name ? `${m.name} (${m.model})` : machineLabel(m))).join(', ')}</b>
      {' · '}
      <Link component={RouterLink} to="/machines/">
        {t('title')}
      </Link>
    </Alert>
  );
}
