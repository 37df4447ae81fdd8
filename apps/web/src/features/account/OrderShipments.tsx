import type { OrderShipmentsProps } from '../../lib/slots';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Loading } from '../../components/States';
import { formatDate, money, num } from '../../lib/format';
import { notifyError } from '../../lib/notify';
import { documentsQuery, useDocumentFile } from './api';

const day = (iso: string) => formatDate(`${iso}T12:00:00Z`);

/** The order's shipments from 1C, shipped / remaining per line, and its documents to download (decision 200). */
export default function OrderShipments({ orderId, lines }: OrderShipmentsProps) {
  const { t } = useTranslation('account');
  const docs = useQuery(documentsQuery(1, 100, undefined, orderId));
  const file = useDocumentFile();
  if (docs.isPending) return <Loading />;
  if (docs.isError || docs.data.count === 0) return null;
  const shipments = docs.data.items.filter((d) => d.type === 'shipment');
  const shippedOf = (l: OrderShipmentsProps['lines'][number]) =>
    shipments
      .flatMap((s) => s.lines)
      .filter((x) => (l.productId !== null && x.productId === l.productId) || (!x.productId && x.article === l.article))
      .reduce((n, x) => n + x.quantity, 0);
  return (
    <Paper sx={{ p: 2 }} data-testid="order-shipments">
      <Typography variant="h2" sx={{ fontSize: 20, mb: 1 }}>
        {t('shipments')}
      </Typography>
      {shipments.map((s) => (
        <Box key={s.id} sx={{ mb: 1 }} data-testid="order-shipment">
          <Typography variant="body2" sx={{ fontWeight: 500 }}>
            {t('type.shipment')} № {s.number} {t('ofDate', { date: day(s.date) })} — {money(s.sum)}
            {s.carrier && ` · ${s.carrier}`}
            {s.tracking && ` · ${t('tracking')}: ${s.tracking}`}
          </Typography>
          {/* What this shipment carried (decision 202). */}
          {s.lines.length > 0 && (
            <Box component="ul" sx={{ m: 0, pl: 2.5, color: 'text.secondary', fontSize: 14 }}>
              {s.lines.map((l, i) => (
                <li key={`${l.article}-${i}`}>
                  {l.article} {l.name} — {num(l.quantity)}
                </li>
              ))}
            </Box>
          )}
        </Box>
      ))}
      {shipments.length > 0 && lines.length > 0 && (
        <TableContainer sx={{ my: 1 }}>
          <Table size="small" aria-label={t('shippedPerLine')}>
            <TableHead>
              <TableRow>
                <TableCell>{t('line')}</TableCell>
                <TableCell align="right">{t('ordered')}</TableCell>
                <TableCell align="right">{t('shipped')}</TableCell>
                <TableCell align="right">{t('remaining')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {lines.map((l, i) => {
                const shipped = shippedOf(l);
                return (
                  <TableRow key={`${l.article}-${i}`} data-testid="shipped-line">
                    <TableCell>
                      {l.article}
                      <Typography variant="body2" color="text.secondary" sx={{ display: { xs: 'none', sm: 'block' } }}>
                        {l.name}
                      </Typography>
                    </TableCell>
                    <TableCell align="right">{num(l.quantity)}</TableCell>
                    <TableCell align="right">{num(shipped)}</TableCell>
                    <TableCell align="right">{num(Math.max(0, l.quantity - shipped))}</TableCell>
                  </TableRow>
                );
              })}
            </TableBody>
          </Table>
        </TableContainer>
      )}
      <Typography variant="subtitle2" component="h3" sx={{ mt: 1 }}>
        {t('documentsTitle')}
      </Typography>
      <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: 'flex-start' }}>
        {docs.data.items.flatMap((d) =>
          d.files.map((f) => (
            <Button
              key={f.id}
              size="small"
              disabled={file.isPending}
              onClick={() => file.mutate(f.id, { onError: notifyError })}
              sx={{ textTransform: 'none', px: 0, textAlign: 'left' }}
            >
              {t(`type.${d.type}`)} № {d.number}: {f.name}
            </Button>
          )),
        )}
      </Box>
    </Paper>
  );
}
