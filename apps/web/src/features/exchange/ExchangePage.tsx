import UploadFileIcon from '@mui/icons-material/UploadFileOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
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
import { exchangeKeys, exchangeListQuery, runManualExchange, STAT_KEYS } from './api';
import PriceMappings from './PriceMappings';

const ROWS_OPTIONS = [10, 25, 50, 100];
const WIDE_ONLY = { display: { xs: 'none', md: 'table-cell' } } as const;
const STATUS_COLOR = { running: 'info', done: 'success', failed: 'error' } as const;

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
  return (
    <TableRow sx={{ verticalAlign: 'top' }}>
      <TableCell sx={{ whiteSpace: { md: 'nowrap' }, width: { xs: 88, md: 'auto' } }}>
        {formatDate(s.startedAt, true)}
        {/* On a phone the status goes under the date, leaving the width to the files. */}
        <Box sx={{ display: { xs: 'block', md: 'none' }, mt: 0.5 }}>
          <Chip size="small" color={STATUS_COLOR[s.status]} label={t(`status.${s.status}`)} />
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
      </TableCell>
      <TableCell sx={WIDE_ONLY}>{summary(s.totals)}</TableCell>
      <TableCell sx={WIDE_ONLY}>
        <Chip size="small" color={STATUS_COLOR[s.status]} label={t(`status.${s.status}`)} />
      </TableCell>
    </TableRow>
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
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);
  const start = async () => {
    setRunning(true);
    setResult(null);
    try {
      const done = await runManualExchange(files, (_session, message) => {
        setProgress(message);
        void client.invalidateQueries({ queryKey: exchangeKeys.all });
      });
      setResult(
        done.state === 'success'
          ? { ok: true, text: t('upload.done', { summary: summary(done.session.totals) }) }
          : { ok: false, text: t('upload.failed', { reason: done.message }) },
      );
      setFiles([]);
      if (input.current) input.current.value = '';
    } catch (err) {
      setResult({ ok: false, text: t('upload.failed', { reason: err instanceof Error ? err.message : '' }) });
    } finally {
      setRunning(false);
      setProgress('');
      void client.invalidateQueries({ queryKey: exchangeKeys.all });
    }
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
        <Button variant="outlined" component="label" startIcon={<UploadFileIcon />} disabled={running}>
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
        <Button variant="contained" disabled={running || files.length === 0} onClick={() => void start()}>
          {t('upload.start')}
        </Button>
      </Box>
      <Typography variant="body2" sx={{ mt: 1, overflowWrap: 'anywhere' }} color="text.secondary">
        {files.length ? t('upload.chosen', { names: files.map((f) => f.name).join(', ') }) : t('upload.none')}
      </Typography>
      {running && (
        <Box sx={{ mt: 2 }} role="status" aria-live="polite">
          <LinearProgress />
          <Typography variant="body2" sx={{ mt: 1 }}>
            {progress || t('upload.running')}
          </Typography>
        </Box>
      )}
      {result && (
        <Alert severity={result.ok ? 'success' : 'error'} sx={{ mt: 2 }} role="status">
          {result.text}
        </Alert>
      )}
    </Paper>
  );
}
