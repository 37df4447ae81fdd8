import Alert from '@mui/material/Alert';
import DownloadOutlined from '@mui/icons-material/DownloadOutlined';
import AssignmentReturnOutlined from '@mui/icons-material/AssignmentReturnOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import PrintOutlined from '@mui/icons-material/PrintOutlined';
import ReplayOutlined from '@mui/icons-material/ReplayOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, Link as RouterLink, useLocation, useNavigate, useParams } from 'react-router';
import { PageHeader } from '../../components/PageHeader';
import { ManagerCard } from './components/ManagerCard';
import { ErrorState, Loading } from '../../components/States';
import { useCurrentUser } from '../../lib/current-user';
import { formatDate } from '../../lib/format';
import { notifyError, notifySuccess } from '../../lib/notify';
import { isStaff } from '../../lib/roles';
import { mayOpen } from '../../lib/routing';
import { download, orderFile, orderQuery, statusesQuery, useRepeatOrder, useSetOrderStatus } from './api';
import { ItemsTable } from './components/ItemsTable';
import { OrderShipmentsSlot } from '../../lib/slots';
import { OrderHistory } from './components/OrderHistory';
import { Summary } from './components/Summary';

/** One order: summary lines, contents, changes, files; print, bill, spreadsheet, repeat, correct. */
export default function OrderPage() {
  const { t } = useTranslation('orders');
  const id = Number(useParams().id);
  const navigate = useNavigate();
  // The credit rule's warning of the checkout that placed this order (decision 201), shown once on arrival.
  const creditWarning = (useLocation().state as { creditWarning?: string } | null)?.creditWarning;
  const repeatOrder = useRepeatOrder();
  const setOrderStatus = useSetOrderStatus(id);
  const user = useCurrentUser().data;
  const staff = isStaff(user);
  const mayReturn = mayOpen('order/items/returns', user);
  const order = useQuery(orderQuery(id));
  const statuses = useQuery({ ...statusesQuery, enabled: staff });

  const repeat = async () => {
    try {
      const r = await repeatOrder.mutateAsync(id);
      notifySuccess(t('repeated', { name: r.basket.name, count: r.added }));
      if (r.failed.length) notifyError(new Error(t('repeatFailed', { list: r.failed.map((f) => f.name).join(', ') })));
      await navigate(`/basket/${r.basket.id}/`);
    } catch (err) {
      notifyError(err);
    }
  };
  const file = async () => {
    try {
      const f = await orderFile(id);
      download(f.path, f.name);
    } catch (err) {
      notifyError(err);
    }
  };
  const setStatus = async (status: number) => {
    try {
      await setOrderStatus.mutateAsync(status);
      notifySuccess(t('statusChanged'));
    } catch (err) {
      notifyError(err);
    }
  };

  if (order.isPending) return <Loading />;
  if (order.isError) {
    return (
      <ErrorState
        error={order.error}
        onRetry={() => void order.refetch()}
        notFound={{ title: t('notFound', { id }), back: { to: '/order/', label: t('toList') } }}
      />
    );
  }
  const o = order.data;
  return (
    <>
      <PageHeader
        title={t('orderTitle', { id: o.id, date: formatDate(o.dateCreate) })}
        crumbs={[{ label: t('title'), to: '/order/' }]}
        actions={
          <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
            <Button component={RouterLink} to={`/order/${id}/print/`} startIcon={<PrintOutlined />}>
              {t('print')}
            </Button>
            {o.bill?.src.startsWith('/files/') ? (
              // The bill file the supplier attached wins over the generated one (decision 131).
              <Button
                component="a"
                href={o.bill.src}
                target="_blank"
                rel="noopener"
                startIcon={<DownloadOutlined />}
                data-testid="order-bill-file"
              >
                {t('bill')}
              </Button>
            ) : (
              <Button component={RouterLink} to={`/bill/${id}/print/`} startIcon={<PrintOutlined />}>
                {t('bill')}
              </Button>
            )}
            {o.commerceOffer && (
              // The commercial offer staff attached (decision 146): the dealer's own copy.
              <Tooltip title={t('commerceOfferHint', { description: o.commerceOffer.description })}>
                <Button
                  component="a"
                  href={o.commerceOffer.src}
                  target="_blank"
                  rel="noopener"
                  startIcon={<DownloadOutlined />}
                  data-testid="order-commerce-offer"
                >
                  {t('commerceOffer')}
                </Button>
              </Tooltip>
            )}
            <Button onClick={() => void file()} startIcon={<DownloadOutlined />}>
              {t('xlsx')}
            </Button>
            {o.canCorrect && (
              <Button component={RouterLink} to={`/order/${id}/corrective`} startIcon={<EditOutlined />}>
                {t('correct')}
              </Button>
            )}
            {o.canReturn && mayReturn && (
              <Button component={RouterLink} to={`/order/${id}/returns/`} startIcon={<AssignmentReturnOutlined />}>
                {t('return')}
              </Button>
            )}
            {/* An order placed in 1C is read-only (decision 202): not repeated on the portal. */}
            {!o.from1C && (
              <Button variant="contained" onClick={() => void repeat()} startIcon={<ReplayOutlined />}>
                {t('repeat')}
              </Button>
            )}
          </Box>
        }
      />
      {creditWarning && (
        <Alert severity="warning" sx={{ mb: 2 }} data-testid="order-credit-warning">
          {creditWarning}
        </Alert>
      )}
      {o.from1C && (
        <Alert severity="info" sx={{ mb: 2 }} data-testid="order-from-1c">
          {o.number1C ? `${t('number1C', { number: o.number1C })}. ` : ''}
          {t('from1CNote')}
        </Alert>
      )}
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: 'minmax(0, 1fr)' }}>
        <Paper sx={{ p: 2 }}>
          <Summary order={o} />
          <Box sx={{ mt: 2 }}>
            <ManagerCard compact orderId={o.id} />
          </Box>
          {staff && statuses.data && !o.from1C && (
            <TextField
              select
              size="small"
              label={t('changeStatus')}
              value={String(o.status.id)}
              onChange={(e) => void setStatus(Number(e.target.value))}
              sx={{ mt: 2, minWidth: 220 }}
            >
              {statuses.data.items.map((s) => (
                <MenuItem key={s.id} value={String(s.id)}>
                  {s.name}
                </MenuItem>
              ))}
            </TextField>
          )}
        </Paper>
        <Paper>
          <Typography variant="h2" sx={{ p: 2, pb: 0, fontSize: 20 }}>
            {t('contents')}
          </Typography>
          {o.returnUntil && mayReturn && (
            <Typography variant="body2" color="text.secondary" sx={{ px: 2, pt: 0.5 }} data-testid="order-return-until">
              {o.canReturn ? t('returnUntil', { date: formatDate(o.returnUntil) }) : o.returnRefusal}
            </Typography>
          )}
          <ItemsTable
            items={o.items ?? []}
            action={
              o.canReturn && mayReturn
                ? (i) =>
                    i.productId ? (
                      <Tooltip title={t('returnLine')}>
                        <IconButton
                          size="small"
                          component={RouterLink}
                          to={`/order/${id}/returns/${i.productId}/`}
                          aria-label={`${t('returnLine')} ${i.article}`}
                        >
                          <AssignmentReturnOutlined fontSize="small" />
                        </IconButton>
                      </Tooltip>
                    ) : null
                : undefined
            }
          />
        </Paper>
        <OrderShipmentsSlot orderId={o.id} lines={o.items ?? []} />
        {((o.corrections?.length ?? 0) > 0 || (o.history?.length ?? 0) > 0) && (
          <Paper sx={{ p: 2 }}>
            <Typography variant="h2" sx={{ fontSize: 20, mb: 1 }}>
              {t('changes')}
            </Typography>
            <OrderHistory entries={o.history ?? []} />
            {o.corrections!.map((c) => (
              <Box key={c.id} sx={{ mb: 1 }} data-testid="order-correction">
                <Typography sx={{ fontWeight: 600 }}>
                  {t('correction', { id: c.id, date: formatDate(c.dateCreate, true) })}
                  {' — '}
                  {t(`correctionStatus.${c.status}`, { reason: c.reason })}
                </Typography>
                {c.products.map((p) => (
                  <Typography key={p.id} variant="body2">
                    {p.article} {p.name}: {p.beforeCount} → {p.afterCount === 0 ? t('removed') : p.afterCount}
                  </Typography>
                ))}
              </Box>
            ))}
          </Paper>
        )}
        {(o.files?.length ?? 0) > 0 && (
          <Paper sx={{ p: 2 }}>
            <Typography variant="h2" sx={{ fontSize: 20, mb: 1 }}>
              {t('files')}
            </Typography>
            {o.files!.map((f) => (
              <Box key={f.id}>
                <Link href={f.src}>{f.name}</Link> ({Math.ceil(f.size / 1024)} КБ)
              </Box>
            ))}
          </Paper>
        )}
      </Box>
      {/* The correction and returns dialogs of docs/spec/02-screens.md open over the order. */}
      <Suspense fallback={null}>
        <Outlet />
      </Suspense>
    </>
  );
}
