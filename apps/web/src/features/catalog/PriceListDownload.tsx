import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { PRICE_LIST_FORMATS, type PriceListFormat, type PriceListLink } from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { LocalPagination, useListPaging } from '../../components/ListPagination';
import { ErrorState, Loading } from '../../components/States';
import { formatDate } from '../../lib/format';
import { notifySuccess } from '../../lib/notify';
import {
  isPriceListBusy,
  priceListJobQuery,
  priceListLinksQuery,
  useCreatePriceListLink,
  useOrderPriceList,
  useRevokePriceListLink,
} from './api';
import { readBrowseState, toProductFilter } from './url-state';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { PriceListMailSettings } from './PriceListMailSettings';
import { CopyButton, SecretField } from '../../components/SecretShownOnce';

const SIZES = [10, 20, 50] as const;

type Scope = 'all' | 'section' | 'filter';

/**
 * «Скачать прайс-лист» (decision 212): the dealer's catalogue at their prices as a file, the whole of it, the
 * chosen section or the section with the screen's current filter (decision 214; chosen by itself while a filter
 * is on), in stock only if asked; and the secret links their own systems fetch it by.
 */
export function PriceListDownload({ section, sectionName }: { section?: number; sectionName?: string }) {
  const { t } = useTranslation('catalog');
  const [format, setFormat] = useState<PriceListFormat>('xlsx');
  const [chosen, setScope] = useState<Scope | null>(null);
  const [inStock, setInStock] = useState(false);
  const [jobId, setJobId] = useState<number | null>(null);
  const order = useOrderPriceList();
  const [address] = useSearchParams();
  const filter = readBrowseState(address).filter;
  const filtered = section !== undefined && Object.keys(filter).length > 0;
  const scope: Scope = chosen === 'filter' && !filtered ? 'section' : (chosen ?? (filtered ? 'filter' : 'all'));
  const params = new URLSearchParams({ format });
  if (scope !== 'all' && section) params.set('section', String(section));
  if (scope === 'filter')
    for (const [key, values] of Object.entries(filter)) for (const v of values) params.append(key, v);
  if (inStock) params.set('inStock', '1');
  const href = `/pricelist/download?${params.toString()}`;
  return (
    <Paper component="section" sx={{ p: { xs: 2, md: 3 }, mb: 2, minWidth: 0 }} aria-labelledby="price-list-download">
      <Typography variant="h2" id="price-list-download" sx={{ mb: 1 }}>
        {t('priceList.download')}
      </Typography>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ alignItems: { md: 'center' } }}>
        <TextField
          select
          size="small"
          label={t('priceList.format')}
          value={format}
          onChange={(e) => setFormat(e.target.value as PriceListFormat)}
          sx={{ minWidth: 200, flex: { md: 1 } }}
        >
          {PRICE_LIST_FORMATS.map((f) => (
            <MenuItem key={f} value={f}>
              {t(`priceList.formats.${f}`)}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          size="small"
          label={t('priceList.scope')}
          value={scope}
          onChange={(e) => setScope(e.target.value as Scope)}
          sx={{ minWidth: 240, flex: { md: 1 } }}
        >
          <MenuItem value="all">{t('priceList.scopeAll')}</MenuItem>
          <MenuItem value="section" disabled={!section}>
            {t('priceList.scopeSection', { name: sectionName ?? '' })}
          </MenuItem>
          {filtered && <MenuItem value="filter">{t('priceList.scopeFilter')}</MenuItem>}
        </TextField>
        <FormControlLabel
          control={<Checkbox checked={inStock} onChange={(e) => setInStock(e.target.checked)} />}
          label={t('priceList.inStock')}
          sx={{ whiteSpace: 'nowrap' }}
        />
        <Button
          variant="contained"
          href={href}
          download
          disabled={order.isPending}
          onClick={(e) => {
            // The list is counted first: a small one comes from the link at once, a big one is a job (decision 232).
            e.preventDefault();
            order.mutate(
              {
                format,
                ...(scope !== 'all' && section ? { section } : {}),
                ...(inStock ? { inStock: true } : {}),
                ...(scope === 'filter' ? { filter: toProductFilter(filter) } : {}),
              },
              {
                onSuccess: (answer) => {
                  if (answer.job) setJobId(answer.job.id);
                  else window.location.assign(href);
                },
              },
            );
          }}
        >
          {t('priceList.downloadButton')}
        </Button>
      </Stack>
      {isPriceListBusy(order.error) && (
        <Alert severity="warning" role="alert" sx={{ mt: 2 }} onClose={() => order.reset()}>
          {order.error.message}
        </Alert>
      )}
      {jobId !== null && <PriceListJobProgress id={jobId} onClose={() => setJobId(null)} />}
      <PriceListMailSettings />
      <PriceListLinks />
    </Paper>
  );
}

/** A big price list being built on the queue: its progress, then the link to the file until it expires. */
function PriceListJobProgress({ id, onClose }: { id: number; onClose: () => void }) {
  const { t } = useTranslation('catalog');
  const job = useQuery(priceListJobQuery(id));
  if (job.isError) return <ErrorState error={job.error} onRetry={() => void job.refetch()} />;
  if (!job.data) return <Loading />;
  const { state, rowsDone, rowsTotal, url, dateExpire } = job.data;
  if (state === 'failed')
    return (
      <Alert severity="error" sx={{ mt: 2 }} onClose={onClose}>
        {t('priceList.jobFailed')}
      </Alert>
    );
  if (state === 'done')
    return (
      <Alert
        severity="success"
        sx={{ mt: 2 }}
        onClose={onClose}
        action={
          url ? (
            <Button color="inherit" size="small" href={url} download sx={{ whiteSpace: 'nowrap' }}>
              {t('priceList.jobDownload')}
            </Button>
          ) : undefined
        }
      >
        {url
          ? t('priceList.jobReady', { count: rowsDone, date: formatDate(dateExpire ?? '', true) })
          : t('priceList.jobExpired')}
      </Alert>
    );
  const percent = rowsTotal > 0 ? Math.min(100, Math.round((rowsDone / rowsTotal) * 100)) : 0;
  return (
    <Box sx={{ mt: 2 }} role="status" aria-live="polite">
      <Typography variant="body2" sx={{ mb: 1 }}>
        {state === 'queued'
          ? t('priceList.jobQueued', { count: rowsTotal })
          : t('priceList.jobRunning', { done: rowsDone, total: rowsTotal, percent })}
      </Typography>
      <LinearProgress
        variant={state === 'queued' ? 'indeterminate' : 'determinate'}
        value={percent}
        aria-label={t('priceList.jobProgress')}
      />
    </Box>
  );
}

function PriceListLinks() {
  const { t } = useTranslation('catalog');
  const paging = useListPaging(SIZES);
  const { page, size } = paging;
  const list = useQuery(priceListLinksQuery(page, size));
  const [days, setDays] = useState('90');
  const create = useCreatePriceListLink();
  const [revoking, setRevoking] = useState<PriceListLink | null>(null);
  const revoke = useRevokePriceListLink();
  const token = create.data?.token;
  const url = token ? `${window.location.origin}/pricelist/${token}.xlsx` : '';
  return (
    <Box sx={{ mt: 3 }}>
      <Typography variant="h3" sx={{ mb: 1 }}>
        {t('priceList.links')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {t('priceList.linksHint')}
      </Typography>
      <Stack
        component="form"
        direction={{ xs: 'column', sm: 'row' }}
        spacing={2}
        sx={{ mb: 2, alignItems: { sm: 'flex-start' } }}
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          create.mutate(Number(days));
        }}
      >
        <TextField
          size="small"
          label={t('priceList.days')}
          value={days}
          onChange={(e) => setDays(e.target.value)}
          error={Boolean(create.error)}
          helperText={create.error?.message}
          slotProps={{ htmlInput: { inputMode: 'numeric' } }}
          sx={{ maxWidth: { sm: 200 } }}
        />
        <Button type="submit" variant="outlined" disabled={create.isPending}>
          {t('priceList.createLink')}
        </Button>
      </Stack>
      {token && (
        <Alert
          severity="warning"
          sx={{ mb: 2, '& .MuiAlert-message': { flexGrow: 1, minWidth: 0 } }}
          onClose={() => create.reset()}
        >
          <Typography variant="body2" sx={{ mb: 1 }}>
            {t('priceList.shownOnce')}
          </Typography>
          <SecretField label={t('priceList.link')} value={url} size="small" />
          <CopyButton
            size="small"
            sx={{ mt: 1 }}
            text={url}
            label={t('priceList.copy')}
            copied={t('priceList.copied')}
          />
        </Alert>
      )}
      {list.isPending ? (
        <Loading />
      ) : list.isError ? (
        <ErrorState error={list.error} onRetry={() => void list.refetch()} />
      ) : list.data.count === 0 ? (
        <Typography color="text.secondary">{t('priceList.noLinks')}</Typography>
      ) : (
        <>
          <Box sx={{ overflowX: 'auto' }}>
            <Table size="small">
              <TableHead>
                <TableRow>
                  <TableCell>{t('priceList.link')}</TableCell>
                  <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>{t('priceList.created')}</TableCell>
                  <TableCell>{t('priceList.expires')}</TableCell>
                  <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>{t('priceList.lastUsed')}</TableCell>
                  <TableCell />
                </TableRow>
              </TableHead>
              <TableBody>
                {list.data.items.map((link) => (
                  <TableRow key={link.id}>
                    <TableCell sx={{ fontFamily: 'monospace' }}>{link.prefix}…</TableCell>
                    <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>
                      {formatDate(link.dateCreate)}
                    </TableCell>
                    <TableCell>{formatDate(link.dateExpire)}</TableCell>
                    <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>
                      {link.lastUsedAt ? formatDate(link.lastUsedAt, true) : t('priceList.never')}
                    </TableCell>
                    <TableCell align="right">
                      {link.dateRevoke ? (
                        <Typography variant="body2" color="text.secondary">
                          {t('priceList.revokedAt', { date: formatDate(link.dateRevoke) })}
                        </Typography>
                      ) : (
                        <Button
                          color="error"
                          size="small"
                          onClick={() => setRevoking(link)}
                          aria-label={t('priceList.revokeNamed', { name: link.prefix })}
                        >
                          {t('priceList.revoke')}
                        </Button>
                      )}
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </Box>
          <LocalPagination count={list.data.count} paging={paging} />
        </>
      )}
      <ConfirmDialog
        open={revoking !== null}
        title={t('priceList.revokeTitle')}
        text={t('priceList.revokeText', { name: revoking?.prefix ?? '' })}
        confirmLabel={t('priceList.revoke')}
        danger
        busy={revoke.isPending}
        onConfirm={() =>
          revoking &&
          revoke.mutate(revoking.id, {
            onSuccess: () => {
              setRevoking(null);
              notifySuccess(t('priceList.revoked'));
            },
          })
        }
        onClose={() => setRevoking(null)}
      />
    </Box>
  );
}
