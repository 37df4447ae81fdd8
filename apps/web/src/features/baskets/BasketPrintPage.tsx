import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { ErrorState, Loading } from '../../components/States';
import { formatDate, money, num, volume } from '../../lib/format';
import { basketItemsQuery, basketQuery } from './api';

/** A basket on paper: lines, sums and totals; the print dialog opens from the button. */
export default function BasketPrintPage() {
  const { t } = useTranslation('baskets');
  const id = Number(useParams().id);
  const basket = useQuery(basketQuery(id));
  const items = useQuery(basketItemsQuery(id));
  if (basket.isPending || items.isPending) return <Loading />;
  if (basket.isError || items.isError) return <ErrorState error={basket.error ?? items.error} />;
  document.title = basket.data.name;
  return (
    <Box sx={{ maxWidth: 900, mx: 'auto', fontSize: 13 }}>
      <Button variant="outlined" onClick={() => window.print()} sx={{ mb: 2, '@media print': { display: 'none' } }}>
        {t('printNow')}
      </Button>
      <Typography variant="h5" component="h1" sx={{ mb: 1 }}>
        {basket.data.name}
      </Typography>
      <Typography sx={{ mb: 2 }}>{formatDate(new Date(), true)}</Typography>
      {items.data.items.length === 0 ? (
        // An empty basket prints as a sentence, not as a table with a header and no rows.
        <Typography sx={{ fontSize: 18, my: 4 }} data-testid="print-empty">
          {t('empty')}
        </Typography>
      ) : (
        <>
          <Box
            component="table"
            sx={{
              width: '100%',
              borderCollapse: 'collapse',
              '& td, & th': { border: '1px solid #999', p: 0.5 },
              '& tr': { breakInside: 'avoid' },
            }}
          >
            <thead>
              <tr>
                <th>№</th>
                <th>{t('col.article')}</th>
                <th>{t('col.product')}</th>
                <th>{t('col.quantity')}</th>
                <th>{t('col.price')}</th>
                <th>{t('col.sum')}</th>
              </tr>
            </thead>
            <tbody>
              {items.data.items.map((i, n) => (
                <tr key={i.id}>
                  <td>{n + 1}</td>
                  <td>{i.article}</td>
                  <td>{i.productName}</td>
                  <td style={{ textAlign: 'right' }}>{num(i.amount)}</td>
                  <td style={{ textAlign: 'right' }}>
                    {i.priceBuy ? money(i.priceBuy.value, i.priceBuy.currency) : '—'}
                  </td>
                  <td style={{ textAlign: 'right' }}>{i.sum ? money(i.sum.value, i.sum.currency) : '—'}</td>
                </tr>
              ))}
            </tbody>
          </Box>
          <Box sx={{ mt: 2, textAlign: 'right' }}>
            {basket.data.totals.map((s) => (
              <Typography key={s.currency} sx={{ fontWeight: 700 }}>
                {t('totals.sum')}: {money(s.value, s.currency)}
              </Typography>
            ))}
            <Typography>{t('totals.weight', { value: num(basket.data.weightKg) })}</Typography>
            <Typography>{t('totals.volume', { value: volume(basket.data.volumeM3) })}</Typography>
          </Box>
        </>
      )}
    </Box>
  );
}
