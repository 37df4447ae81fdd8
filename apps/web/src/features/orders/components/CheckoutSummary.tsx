import type { Currency, OrderPreview } from '@portal/contract';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { money, num, volume } from '../../../lib/format';

/** The order's total as the server priced it, by currency (one line in the usual case). */
export function CheckoutTotal({ preview, testId }: { preview: OrderPreview | undefined; testId?: string }) {
  const { t } = useTranslation('orders');
  const totals = preview?.totals.length ? preview.totals : [{ value: 0, currency: 'RUB' as const }];
  return (
    <Box data-testid={testId} aria-live="polite">
      {totals.map((s) => (
        <Typography key={s.currency} sx={{ fontWeight: 700, fontSize: 18 }}>
          {t('total')}: {preview ? money(s.value, s.currency) : '…'}
        </Typography>
      ))}
    </Box>
  );
}

/**
 * The checkout summary: every line with its part number, quantity, price and sum, and the total, all as
 * `order/preview` priced them for the payment method chosen in the form (the order is created at these
 * prices). While a new price is on its way the old one is dimmed, never shown as the answer.
 */
export function CheckoutSummary({
  title,
  preview,
  updating,
}: {
  title: string;
  preview: OrderPreview | undefined;
  updating: boolean;
}) {
  const { t } = useTranslation('orders');
  const problems = preview?.items.filter((i) => i.problem) ?? [];
  return (
    <Box data-testid="checkout-summary">
      <Typography variant="h2" sx={{ fontSize: 20, mb: 1 }}>
        {title}
      </Typography>
      {preview && (
        <>
          <Typography>{t('lines', { count: preview.items.length })}</Typography>
          <Typography color="text.secondary">
            {t('weight', { value: num(preview.weightKg) })} · {t('volume', { value: volume(preview.volumeM3) })}
          </Typography>
        </>
      )}
      <Box sx={{ height: 4, my: 1 }}>{updating && <LinearProgress aria-label={t('repricing')} />}</Box>
      {problems.length > 0 && (
        <Alert severity="error" sx={{ mb: 1 }}>
          {t('linesProblem', { list: problems.map((p) => p.article || p.name).join(', ') })}
        </Alert>
      )}
      <Box
        component="ol"
        aria-label={t('contents')}
        sx={{
          listStyle: 'none',
          p: 0,
          m: 0,
          maxHeight: { xs: 260, md: '50vh' },
          overflowY: 'auto',
          opacity: updating ? 0.5 : 1,
          borderTop: 1,
          borderColor: 'divider',
        }}
      >
        {preview?.items.map((i) => (
          <Box
            component="li"
            key={i.id}
            data-testid="checkout-line"
            sx={{ py: 0.75, borderBottom: 1, borderColor: 'divider', color: i.problem ? 'error.main' : undefined }}
          >
            <Typography variant="body2" sx={{ fontWeight: 600 }}>
              {i.name}
            </Typography>
            <Box sx={{ display: 'flex', gap: 1, justifyContent: 'space-between', flexWrap: 'wrap' }}>
              <Typography variant="body2" color="text.secondary" sx={{ whiteSpace: 'nowrap' }}>
                {i.article}
              </Typography>
              <Typography variant="body2" sx={{ whiteSpace: 'nowrap', ml: 'auto' }}>
                {i.price === null
                  ? t(`problem.${i.problem ?? 'noPrice'}`)
                  : `${num(i.quantity)} ${i.unit} × ${money(i.price, i.currency as Currency)} = ${money(i.sum ?? 0, i.currency as Currency)}`}
              </Typography>
            </Box>
          </Box>
        ))}
      </Box>
      <Box sx={{ mt: 1.5, opacity: updating ? 0.5 : 1 }}>
        <CheckoutTotal preview={preview} testId="checkout-total" />
      </Box>
    </Box>
  );
}
