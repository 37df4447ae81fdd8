import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ErrorState, Loading } from '../../components/States';
import { formatDate, money } from '../../lib/format';
import { notifyError } from '../../lib/notify';
import { actQuery, useActWorkbook, type Period } from './api';

const day = (iso: string) => formatDate(`${iso}T12:00:00Z`);

/** The акт сверки of a period (decision 200): on screen, printable, and as .xlsx. */
export default function ActPrintPage() {
  const { t } = useTranslation('account');
  const [params] = useSearchParams();
  const contract = params.get('contract') ?? '';
  const period: Period = {
    counterparty: Number(params.get('counterparty')) || 0,
    from: params.get('from') ?? '',
    to: params.get('to') ?? '',
    ...(contract ? { contract } : {}),
  };
  const act = useQuery(actQuery(period));
  const workbook = useActWorkbook();
  const title = t('actTitle', { from: day(period.from || '2000-01-01'), to: day(period.to || '2000-01-01') });
  useEffect(() => {
    document.title = title;
  }, [title]);
  if (act.isPending) return <Loading />;
  if (act.isError) return <ErrorState error={act.error} onRetry={() => void act.refetch()} />;
  const a = act.data;
  return (
    <Box sx={{ maxWidth: 900, mx: 'auto', '& tr': { breakInside: 'avoid' } }}>
      <Box sx={{ display: 'flex', gap: 1, mb: 2, flexWrap: 'wrap', '@media print': { display: 'none' } }}>
        <Button variant="outlined" onClick={() => window.print()}>
          {t('print')}
        </Button>
        <Button
          variant="outlined"
          disabled={workbook.isPending}
          onClick={() => workbook.mutate(period, { onError: notifyError })}
        >
          {t('actXlsx')}
        </Button>
      </Box>
      <Typography variant="h5" component="h1">
        {title}
      </Typography>
      <Typography sx={{ mb: 2 }}>
        {t('actBetween', { supplier: a.supplier, company: a.counterparty.name, inn: a.counterparty.inn })}
      </Typography>
      <TableContainer>
        <Table size="small" aria-label={t('act')}>
          <TableHead>
            <TableRow>
              <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>{t('col.date')}</TableCell>
              <TableCell>{t('col.document')}</TableCell>
              <TableCell align="right">{t('col.debit')}</TableCell>
              <TableCell align="right">{t('col.credit')}</TableCell>
              <TableCell align="right">{t('col.balance')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            <TableRow>
              <TableCell colSpan={4} sx={{ fontWeight: 600 }}>
                {t('opening')}
              </TableCell>
              <TableCell align="right" sx={{ fontWeight: 600 }}>
                {money(a.opening)}
              </TableCell>
            </TableRow>
            {a.items.map((e) => (
              <TableRow key={e.id} data-testid="act-row">
                <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>{day(e.date)}</TableCell>
                <TableCell>
                  {t(`type.${e.type}`)} № {e.number}
                  <Typography variant="body2" color="text.secondary" sx={{ display: { sm: 'none' } }}>
                    {day(e.date)}
                  </Typography>
                </TableCell>
                <TableCell align="right">{e.debit ? money(e.debit) : ''}</TableCell>
                <TableCell align="right">{e.credit ? money(e.credit) : ''}</TableCell>
                <TableCell align="right">{money(e.balance)}</TableCell>
              </TableRow>
            ))}
            <TableRow>
              <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }} />
              <TableCell sx={{ fontWeight: 600 }}>{t('turnover')}</TableCell>
              <TableCell align="right" sx={{ fontWeight: 600 }}>
                {money(a.debit)}
              </TableCell>
              <TableCell align="right" sx={{ fontWeight: 600 }}>
                {money(a.credit)}
              </TableCell>
              <TableCell />
            </TableRow>
            <TableRow>
              <TableCell colSpan={4} sx={{ fontWeight: 600 }}>
                {t('closing')}
              </TableCell>
              <TableCell align="right" sx={{ fontWeight: 600 }} data-testid="act-closing">
                {money(a.closing)}
              </TableCell>
            </TableRow>
          </TableBody>
        </Table>
      </TableContainer>
    </Box>
  );
}
