import UploadFileIcon from '@mui/icons-material/UploadFileOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { ExchangeSession, ExchangeStats } from '@portal/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Fragment, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ListPagination } from '../../components/ListPagination';
import { PageHeader } from '../../components/PageHeader';
import { EmptyState, ErrorState, Loading } from '../../components/States';
import { formatDate, num } from '../../lib/format';
import { useUrlPaging } from '../../lib/list-params';
import {
  exchangeKeys,
  exchangeListQuery,
  runManualExchange,
  STAT_KEYS,
  useConfirmExchange,
  useDiscardExchange,
} from './api';
import { ReportView, SessionDetails } from './ExchangeReport';
import PriceMappings from './PriceMappings';

const ROWS_OPTIONS = [10, 25, 50, 100];
const WIDE_ONLY = { display: { xs: 'none', md: 'table-cell' } } as const;
const STATUS_COLOR = { running: 'info', done: 'success', failed: 'error', review: 'warning' } as const;

/** A reviewed upload waiting for its confirmation shows as such (decision 197). */
const statusOf = (s: ExchangeSession) => (s.review === 'pending' && s.status !== 'failed' ? 'review' : s.status);

/** '/exchange/': how to connect 1C, a manual upload, and the history of exchanges (decision 097). */
export default function ExchangePage() {
  const { t } = useTranslation('exchange');
  const paging = useUrlPaging(ROWS_OPTIONS, 10);
  const { page, size } = paging;
  const list = useQuery(exchangeListQuery(page, size));
  return (
    <>
      <PageHeader title={t('title')} />
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, mb: 3 }}>
        <Paper variant="outlined" sx={{ p: 2 }}>
          <Typography variant="h3" component="h2" sx={{ mb: 1 }}>
            {t('connect.title')}
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
            {t('connect.text', { url: `${window.location.origin}/exchange/1c` })}
          </Typography>
        </Paper>
        <ManualUpload />
      </Box>
      <PriceMappings />
      <Typography variant="h2" sx={{ mb: 1 }}>
        {t('history.title')}
      </Typography>
      {list.isPending ? (
        <Loading />
      ) : list.isError ? (
        <ErrorState error={list.error} onRetry={() => void list.refetch()} />
      ) : list.data.count === 0 ? (
        <Paper variant="outlined">
          <EmptyState title={t('history.empty')}>
            <Typography>{t('history.emptyText')}</Typography>
          </EmptyState>
        </Paper>
      ) : (
        <Paper variant="outlined">
          <TableContainer>
            <Table size="small" aria-label={t('history.title')}>
              <TableHead>
                <TableRow>
                  <TableCell>{t('history.when')}</TableCell>
                  <TableCell sx={WIDE_ONLY}>{t('history.source')}</TableCell>
                  <TableCell>{t('history.files')}</TableCell>
                  <TableCell sx={WIDE_ONLY}>{t('history.changes')}</TableCell>
                  <TableCell sx={WIDE_ONLY}>{t('history.status')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {list.data.items.map((s) => (
                  <SessionRow key={s.id} session={s} />
                ))}
              </TableBody>
            </Table>
          </TableContainer>
          <ListPagination count={list.data.count} {...paging} />
        </Paper>
      )}
    </>
  );
}

function useSummary() {
  const { t } = useTranslation('exchange');
  return (stats: ExchangeStats) =>
    STAT_KEYS.filter((k) => stats[k] > 0)
      .map((k) => t(`stats.${k}`, { n: num(stats[k]) }))
      .join(', ') || t('history.noChanges');
}

function SessionRow({ session: s }: { session: ExchangeSession }) {
  const { t } = useTranslation('exchange');
  const summary = useSummary();
  const [open, setOpen] = useState(false);
  const status = statusOf(s);
  const hasDetails = s.runs.some((r) => r.report) || s.unmatched.length > 0;
  return (
    <>
      <TableRow sx={{ verticalAlign: 'top', '& > td': open ? { borderBottom: 'none' } : {} }}>
        <TableCell sx={{ whiteSpace: { md: 'nowrap' }, width: { xs: 88, md: 'auto' } }}>
          {formatDate(s.startedAt, true)}
          {/* On a phone the status goes under the date, leaving the width to the files. */}
          <Box sx={{ display: { xs: 'block', md: 'none' }, mt: 0.5 }}>
            <Chip size="small" color={STATUS_COLOR[status]} label={t(`status.${status}`)} />
          </Box>
        </TableCell>
        <TableCell sx={WIDE_ONLY}>
          {s.source === '1c' ? t('history.source1c') : t('history.sourceManual')}
          {s.userName && (
            <Typography variant="body2" color="text.secondary">
              {s.userName}
            </Typography>
          )}
        </TableCell>
        <TableCell sx={{ minWidth: { md: 200 } }}>
          {s.runs.map((r) => (
            <Box key={r.id} sx={{ mb: 0.5 }}>
              <Typography variant="body2" component="span" sx={{ fontWeight: 500, overflowWrap: 'break-word' }}>
                <FileName name={r.name} />
              </Typography>
              {r.status === 'failed' && r.error ? (
                <Typography variant="body2" color="error" sx={{ overflowWrap: 'break-word' }}>
                  {r.error}
                </Typography>
              ) : (
                <Typography variant="body2" color="text.secondary" sx={{ display: { md: 'none' } }}>
                  {summary(r.stats)}
                </Typography>
              )}
            </Box>
          ))}
          {s.received.length > s.runs.length && (
            <Typography variant="body2" color="text.secondary">
              {t('history.received', { count: s.received.length })}
            </Typography>
          )}
          {hasDetails && (
            <Button size="small" sx={{ ml: -1 }} onClick={() => setOpen((v) => !v)} aria-expanded={open}>
              {open ? t('history.hideDetails') : t('history.details')}
            </Button>
          )}
        </TableCell>
        <TableCell sx={WIDE_ONLY}>{summary(s.totals)}</TableCell>
        <TableCell sx={WIDE_ONLY}>
          <Chip size="small" color={STATUS_COLOR[status]} label={t(`status.${status}`)} />
        </TableCell>
      </TableRow>
      {open && (
        <TableRow>
          <TableCell colSpan={5} sx={{ bgcolor: 'action.hover' }}>
            <SessionDetails session={s} />
          </TableCell>
        </TableRow>
      )}
    </>
  );
}

/**
 * A 1C file name (webdata/000000001/import0_1.xml) may break after each slash, so the column keeps the width
 * of its longest part and never cuts a name in the middle.
 */
function FileName({ name }: { name: string }) {
  const parts = name.split('/');
  return (
    <>
      {parts.map((part, i) => (
        <Fragment key={i}>
          {part}
          {i < parts.length - 1 && (
            <>
              /<wbr />
            </>
          )}
        </Fragment>
      ))}
    </>
  );
}

function ManualUpload() {
  const { t } = useTranslation('exchange');
  const summary = useSummary();
  const client = useQueryClient();
  const input = useRef<HTMLInputElement>(null);
  const [files, setFiles] = useState<File[]>([]);
  const [running, setRunning] = useState(false);
  const [progress, setProgress] = useState('');
  const [review, setReview] = useState<ExchangeSession | null>(null);
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);
  const onStep = (_session: ExchangeSession, message: string) => setProgress(message);
  const confirm = useConfirmExchange(onStep);
  const discard = useDiscardExchange();
  const busy = running || confirm.isPending || discard.isPending;
  const reset = () => {
    setFiles([]);
    if (input.current) input.current.value = '';
  };
  const start = async () => {
    setRunning(true);
    setResult(null);
    setReview(null);
    try {
      const done = await runManualExchange(files, (session, message) => {
        onStep(session, message);
        void client.invalidateQueries({ queryKey: exchangeKeys.all });
      });
      if (done.state === 'review') setReview(done.session);
      else if (done.state === 'success') {
        setResult({ ok: true, text: t('upload.done', { summary: summary(done.session.totals) }) });
      } else setResult({ ok: false, text: t('upload.failed', { reason: done.message }) });
      reset();
    } catch (err) {
      setResult({ ok: false, text: t('upload.failed', { reason: err instanceof Error ? err.message : '' }) });
    } finally {
      setRunning(false);
      setProgress('');
      void client.invalidateQueries({ queryKey: exchangeKeys.all });
    }
  };
  const hidden = review?.runs.reduce((n, r) => n + (r.report?.products.hidden ?? 0), 0) ?? 0;
  const [asking, setAsking] = useState(false);
  const apply = (sure = false) => {
    if (!review) return;
    // Hiding products is the destructive part: asked once more before it happens.
    if (hidden > 0 && !sure) {
      setAsking(true);
      return;
    }
    setAsking(false);
    confirm.mutate(review.id, {
      onSuccess: (done) => {
        setReview(null);
        setResult(
          done.state === 'success'
            ? { ok: true, text: t('upload.done', { summary: summary(done.session.totals) }) }
            : { ok: false, text: t('upload.failed', { reason: done.message }) },
        );
      },
      onError: (err) => setResult({ ok: false, text: t('upload.failed', { reason: err.message }) }),
      onSettled: () => setProgress(''),
    });
  };
  const drop = () => {
    if (!review) return;
    discard.mutate(review.id, {
      onSuccess: () => {
        setReview(null);
        setResult({ ok: true, text: t('upload.discarded') });
      },
      onError: (err) => setResult({ ok: false, text: t('upload.failed', { reason: err.message }) }),
    });
  };
  return (
    <Paper variant="outlined" sx={{ p: 2 }}>
      <Typography variant="h3" component="h2" sx={{ mb: 1 }}>
        {t('upload.title')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {t('upload.text')}
      </Typography>
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center' }}>
        <Button variant="outlined" component="label" startIcon={<UploadFileIcon />} disabled={busy || !!review}>
          {t('upload.choose')}
          <input
            ref={input}
            hidden
            type="file"
            multiple
            accept=".xml,.zip,text/xml,application/xml,application/zip"
            data-testid="exchange-files"
            onChange={(e) => setFiles([...(e.target.files ?? [])])}
          />
        </Button>
        <Button variant="contained" disabled={busy || !!review || files.length === 0} onClick={() => void start()}>
          {t('upload.start')}
        </Button>
      </Box>
      <Typography variant="body2" sx={{ mt: 1, overflowWrap: 'anywhere' }} color="text.secondary">
        {files.length ? t('upload.chosen', { names: files.map((f) => f.name).join(', ') }) : t('upload.none')}
      </Typography>
      {(running || confirm.isPending) && (
        <Box sx={{ mt: 2 }} role="status" aria-live="polite">
          <LinearProgress />
          <Typography variant="body2" sx={{ mt: 1 }}>
            {progress || (running ? t('upload.running') : t('upload.applying'))}
          </Typography>
        </Box>
      )}
      {review && !confirm.isPending && (
        <Box sx={{ mt: 2 }} component="section" aria-labelledby="exchange-review" data-testid="exchange-review">
          <Typography variant="h3" component="h3" id="exchange-review" sx={{ mb: 0.5 }}>
            {t('review.title')}
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
            {t('review.text')}
          </Typography>
          <Box sx={{ display: 'grid', gap: 2 }}>
            {review.runs.map((r) => (
              <Box key={r.id}>
                <Typography variant="subtitle1" component="h4" sx={{ fontWeight: 500, overflowWrap: 'anywhere' }}>
                  {r.name}
                </Typography>
                {r.report ? (
                  <ReportView report={r.report} after={false} />
                ) : (
                  <Typography variant="body2" color="text.secondary">
                    {t('review.noReport')}
                  </Typography>
                )}
              </Box>
            ))}
          </Box>
          <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', mt: 2 }}>
            <Button variant="contained" onClick={() => apply()} disabled={busy}>
              {t('review.confirm')}
            </Button>
            <Button onClick={drop} disabled={busy}>
              {t('review.discard')}
            </Button>
          </Box>
        </Box>
      )}
      {result && (
        <Alert severity={result.ok ? 'success' : 'error'} sx={{ mt: 2 }} role="status">
          {result.text}
        </Alert>
      )}
      <Dialog open={asking} onClose={() => setAsking(false)} aria-labelledby="exchange-confirm-title">
        <DialogTitle id="exchange-confirm-title">{t('review.confirm')}</DialogTitle>
        <DialogContent>
          <DialogContentText>{t('review.confirmHidden', { n: num(hidden) })}</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setAsking(false)}>{t('review.cancel')}</Button>
          <Button variant="contained" color="warning" onClick={() => apply(true)} autoFocus>
            {t('review.confirm')}
          </Button>
        </DialogActions>
      </Dialog>
    </Paper>
  );
}
