import DownloadOutlined from '@mui/icons-material/DownloadOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import PrintOutlined from '@mui/icons-material/PrintOutlined';
import ReplayOutlined from '@mui/icons-material/ReplayOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import { PageHeader } from '../../components/PageHeader';
import { ErrorState, Loading } from '../../components/States';
import { setActiveBasketId } from '../../lib/active-basket';
import { useCurrentUser } from '../../lib/current-user';
import { formatDate } from '../../lib/format';
import { notifyError, notifySuccess } from '../../lib/notify';
import { rest } from '../../lib/rest';
import { download, orderQuery, statusesQuery } from './api';
import { ItemsTable } from './components/ItemsTable';
import { Summary } from './components/Summary';

/** One order: summary lines, contents, changes, files; print, bill, spreadsheet, repeat, correct. */
export default function OrderPage() {
  const { t } = useTranslation('orders');
  const id = Number(useParams().id);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const user = useCurrentUser().data;
  const staff = Boolean(user?.groups.some((g) => g === 'ADMINS' || g === 'EMPLOYEES'));
  const order = useQuery(orderQuery(id));
  const statuses = useQuery({ ...statusesQuery, enabled: staff });

  const repeat = async () => {
    try {
      const r = await rest('basket/repeat', { order: id });
      setActiveBasketId(r.basket.id);
      await queryClient.invalidateQueries({ queryKey: ['basket'] });
      notifySuccess(t('repeated', { name: r.basket.name, count: r.added }));
      if (r.failed.length) notifyError(new Error(t('repeatFailed', { list: r.failed.map((f) => f.name).join(', ') })));
      await navigate(`/basket/${r.basket.id}/`);
    } catch (err) {
      notifyError(err);
    }
  };
  const file = async () => {
    try {
      const f = await rest('order/file', { id });
      download(f.path, f.name);
    } catch (err) {
      notifyError(err);
    }
  };
  const setStatus = async (status: number) => {
    try {
      await rest('order/set-status', { id, status });
      await queryClient.invalidateQueries({ queryKey: ['order'] });
      notifySuccess(t('statusChanged'));
    } catch (err) {
      notifyError(err);
    }
  };

  if (order.isPending) return <Loading />;
  if (order.isError) return <ErrorState error={order.error} onRetry={() => void order.refetch()} />;
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
            <Button component={RouterLink} to={`/bill/${id}/print/`} startIcon={<PrintOutlined />}>
              {t('bill')}
            </Button>
            <Button onClick={() => void file()} startIcon={<DownloadOutlined />}>
              {t('xlsx')}
            </Button>
            {!o.isCanceled && (
              <Button component={RouterLink} to={`/order/${id}/corrective`} startIcon={<EditOutlined />}>
                {t('correct')}
              </Button>
            )}
            <Button variant="contained" onClick={() => void repeat()} startIcon={<ReplayOutlined />}>
              {t('repeat')}
            </Button>
          </Box>
        }
      />
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: 'minmax(0, 1fr)' }}>
        <Paper sx={{ p: 2 }}>
          <Summary order={o} />
          {staff && statuses.data && (
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
          <ItemsTable items={o.items ?? []} />
        </Paper>
        {(o.corrections?.length ?? 0) > 0 && (
          <Paper sx={{ p: 2 }}>
            <Typography variant="h2" sx={{ fontSize: 20, mb: 1 }}>
              {t('changes')}
            </Typography>
            {o.corrections!.map((c) => (
              <Box key={c.id} sx={{ mb: 1 }} data-testid="order-correction">
                <Typography sx={{ fontWeight: 600 }}>
                  {t('correction', { id: c.id, date: formatDate(c.dateCreate, true) })}
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
    </>
  );
}
