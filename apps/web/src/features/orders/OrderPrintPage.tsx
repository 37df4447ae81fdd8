import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { ErrorState, Loading } from '../../components/States';
import { SupplierLine } from '../../components/SupplierLine';
import { formatDate } from '../../lib/format';
import { portalConfig } from '../../lib/portal-config';
import { orderQuery } from './api';
import { ItemsTable } from './components/ItemsTable';
import { Summary } from './components/Summary';

export default function OrderPrintPage() {
  const { t } = useTranslation('orders');
  const id = Number(useParams().id);
  const order = useQuery(orderQuery(id));
  // The supplier as the site settings name it: the same company as the footer and the bill (decision 063).
  const supplier = portalConfig.settings?.supplier;
  if (order.isPending) return <Loading />;
  if (order.isError) return <ErrorState error={order.error} />;
  const title = t('orderTitle', { id, date: formatDate(order.data.dateCreate) });
  document.title = title;
  return (
    <Box sx={{ maxWidth: 900, mx: 'auto', '& tr': { breakInside: 'avoid' } }}>
      <Button variant="outlined" onClick={() => window.print()} sx={{ mb: 2, '@media print': { display: 'none' } }}>
        {t('print')}
      </Button>
      {supplier?.name && (
        <Box data-testid="print-supplier" sx={{ mb: 2, pb: 1, borderBottom: 2, borderColor: 'text.primary' }}>
          <Typography sx={{ fontWeight: 700 }}>
            <SupplierLine supplier={supplier} />
          </Typography>
          <Typography variant="body2">{[supplier.phone, supplier.email].filter(Boolean).join(' · ')}</Typography>
        </Box>
      )}
      <Typography variant="h5" component="h1" sx={{ mb: 2 }}>
        {title}
      </Typography>
      <Summary order={order.data} />
      <Box sx={{ mt: 2 }}>
        <ItemsTable items={order.data.items ?? []} />
      </Box>
    </Box>
  );
}
