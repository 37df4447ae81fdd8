import type { AccountContract, Settlement } from '@portal/contract';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { DateFilterField } from '../../components/DateFilterField';
import { ListPagination } from '../../components/ListPagination';
import { PageHeader } from '../../components/PageHeader';
import { EmptyState, ErrorState, Loading } from '../../components/States';
import { dateTextOk, dateTextToIso, isoToDateText } from '../../lib/date-text';
import { formatDate, money } from '../../lib/format';
import { useUrlPaging } from '../../lib/list-params';
import { notifyError } from '../../lib/notify';
import { defaultPeriod, ledgerQuery, settlementsQuery, useActWorkbook, type Period } from './api';

const SIZES = [20, 50, 100] as const;
const day = (iso: string | null) => (iso ? formatDate(`${iso}T12:00:00Z`) : '—');

/** «Взаиморасчёты»: per legal entity and contract, the limit, debt, overdue bills, the ledger and the акт сверки. */
export default function AccountPage() {
  const { t } = useTranslation('account');
  const [params, setParams] = useSearchParams();
  const list = useQuery(settlementsQuery());
  if (list.isPending) return <Loading />;
  if (list.isError) return <ErrorState error={list.error} onRetry={() => void list.refetch()} />;
  const companies = list.data.items;
  // The company asked for, else the first with figures from 1C.
  const chosen =
    companies.find((c) => String(c.counterparty.id) === params.get('company')) ??
    companies.find((c) => c.contracts.length > 0) ??
    companies[0];
  return (
    <Box>
      <PageHeader title={t('title')} />
      {!chosen ? (
        <Paper>
          <EmptyState title={t('noCompanies')}>
            <Typography>{t('noCompaniesText')}</Typography>
          </EmptyState>
        </Paper>
      ) : (
        <>
          {companies.length > 1 && (
            <TextField
              select
              size="small"
              label={t('company')}
              value={String(chosen.counterparty.id)}
              onChange={(e) => setParams({ company: e.target.value }, { replace: true })}
              fullWidth={false}
              sx={{ mb: 2, width: { xs: '100%', sm: 420 } }}
            >
              {companies.map((c) => (
                <MenuItem key={c.counterparty.id} value={String(c.counterparty.id)}>
                  {c.counterparty.name}
                </MenuItem>
              ))}
            </TextField>
          )}
          <CompanyAccount settlement={chosen} />
        </>
      )}
    </Box>
  );
}

function CompanyAccount({ settlement }: { settlement: Settlement }) {
  const { t } = useTranslation('account');
  if (settlement.contracts.length === 0) {
    return (
      <>
        <Alert severity="info" sx={{ mb: 2 }}>
          {t('noFigures')}
        </Alert>
        <Ledger settlement={settlement} />
      </>
    );
  }
  return (
    <>
      {/* minmax(0, …): a wide bills table scrolls inside its card instead of widening the page on a phone. */}
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'repeat(2, minmax(0, 1fr))' },
          mb: 3,
        }}
      >
        {settlement.contracts.map((c) => (
          <ContractCard key={c.id} contract={c} />
        ))}
      </Box>
      <Ledger settlement={settlement} />
    </>
  );
}

function Figure({ label, value, alert }: { label: string; value: string; alert?: boolean }) {
  return (
    <Box>
      <Typography variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography sx={{ fontWeight: 600, fontSize: 18, color: alert ? 'error.main' : undefined }}>{value}</Typography>
    </Box>
  );
}

function ContractCard({ contract: c }: { contract: AccountContract }) {
  const { t } = useTranslation('account');
  const cur = (n: number) => money(n, (c.currency as 'RUB') || 'RUB');
  return (
    <Paper sx={{ p: 2 }} data-testid="contract-card">
      <Typography variant="h6" component="h2">
        {c.name || `${t('contract')} ${c.number}`}
      </Typography>
      {c.figuresOn && (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          {t('figuresOn', { date: day(c.figuresOn) })}
        </Typography>
      )}
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', sm: 'repeat(3, minmax(0, 1fr))' },
          my: 1,
        }}
      >
        <Figure label={t('limit')} value={cur(c.limit)} />
        <Figure label={t('used')} value={cur(c.used)} />
        <Figure label={t('available')} value={cur(c.available)} />
        <Figure label={t('debt')} value={cur(c.debt)} />
        <Figure label={t('overdue')} value={cur(c.overdue)} alert={c.overdue > 0} />
        <Figure label={t('deferral')} value={t('deferralDays', { count: c.deferralDays })} />
      </Box>
      <Typography variant="subtitle2" component="h3" sx={{ mt: 2 }}>
        {t('bills')}
      </Typography>
      {c.bills.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          {t('noBills')}
        </Typography>
      ) : (
        <TableContainer>
          <Table size="small" aria-label={t('bills')}>
            <TableHead>
              <TableRow>
                <TableCell>{t('bill.number')}</TableCell>
                <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>{t('bill.date')}</TableCell>
                <TableCell align="right">{t('bill.sum')}</TableCell>
                <TableCell>{t('bill.due')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {c.bills.map((b) => (
                <TableRow key={`${b.number}-${b.date}`} data-testid="open-bill">
                  <TableCell>{b.number}</TableCell>
                  <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>{day(b.date)}</TableCell>
                  <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                    {cur(b.sum)}
                  </TableCell>
                  <TableCell>
                    <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
                      {day(b.due)}
                      {b.overdue && <Chip size="small" color="error" label={t('bill.overdue')} />}
                    </Box>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
    </Paper>
  );
}

function Ledger({ settlement }: { settlement: Settlement }) {
  const { t } = useTranslation('account');
  const [params, setParams] = useSearchParams();
  const initial = defaultPeriod();
  const [fromText, setFromText] = useState(isoToDateText(params.get('from') ?? initial.from));
  const [toText, setToText] = useState(isoToDateText(params.get('to') ?? initial.to));
  const from = dateTextToIso(fromText);
  const to = dateTextToIso(toText);
  const valid = dateTextOk(fromText) && dateTextOk(toText) && !!fromText && !!toText && from <= to;
  const contract = settlement.contracts.find((c) => c.id === params.get('contract'))?.id;
  const period: Period = { counterparty: settlement.counterparty.id, from, to, ...(contract ? { contract } : {}) };
  const paging = useUrlPaging(SIZES, 20);
  const ledger = useQuery({
    ...ledgerQuery(period, paging.page, paging.size),
    enabled: valid,
    placeholderData: keepPreviousData,
  });
  const workbook = useActWorkbook();
  const actLink = `/account/act/?${new URLSearchParams({
    counterparty: String(settlement.counterparty.id),
    from,
    to,
    ...(contract ? { contract } : {}),
  })}`;
  const setParam = (name: string, value: string) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value) next.set(name, value);
        else next.delete(name);
        next.delete('page');
        return next;
      },
      { replace: true },
    );
  return (
    <Paper sx={{ p: 2 }}>
      <Typography variant="h6" component="h2" sx={{ mb: 2 }}>
        {t('ledger')}
      </Typography>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'flex-start', mb: 2 }}>
        <Box sx={{ width: { xs: 'calc(50% - 8px)', sm: 170 } }}>
          <DateFilterField
            label={t('from')}
            value={fromText}
            onChange={(v) => {
              setFromText(v);
              if (dateTextOk(v) && v) setParam('from', dateTextToIso(v));
            }}
          />
        </Box>
        <Box sx={{ width: { xs: 'calc(50% - 8px)', sm: 170 } }}>
          <DateFilterField
            label={t('to')}
            value={toText}
            onChange={(v) => {
              setToText(v);
              if (dateTextOk(v) && v) setParam('to', dateTextToIso(v));
            }}
          />
        </Box>
        {settlement.contracts.length > 1 && (
          <TextField
            select
            size="small"
            label={t('contract')}
            value={contract ?? ''}
            onChange={(e) => setParam('contract', e.target.value)}
            fullWidth={false}
            sx={{ width: { xs: '100%', sm: 240 } }}
            slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
          >
            <MenuItem value="">{t('allContracts')}</MenuItem>
            {settlement.contracts.map((c) => (
              <MenuItem key={c.id} value={c.id}>
                {c.name || c.number}
              </MenuItem>
            ))}
          </TextField>
        )}
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
          <Button variant="outlined" component={RouterLink} to={actLink} disabled={!valid}>
            {t('act')}
          </Button>
          <Button
            variant="outlined"
            disabled={!valid || workbook.isPending}
            onClick={() => workbook.mutate(period, { onError: notifyError })}
          >
            {t('actXlsx')}
          </Button>
        </Box>
      </Box>
      {!valid ? (
        <Alert severity="warning">{t('periodInvalid')}</Alert>
      ) : ledger.isPending ? (
        <Loading />
      ) : ledger.isError ? (
        <ErrorState error={ledger.error} onRetry={() => void ledger.refetch()} />
      ) : (
        <>
          <TableContainer>
            <Table size="small" aria-label={t('ledger')}>
              <TableHead>
                <TableRow>
                  <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>{t('col.date')}</TableCell>
                  <TableCell>{t('col.document')}</TableCell>
                  <TableCell sx={{ display: { xs: 'none', md: 'table-cell' } }}>{t('col.order')}</TableCell>
                  <TableCell align="right">{t('col.debit')}</TableCell>
                  <TableCell align="right">{t('col.credit')}</TableCell>
                  <TableCell align="right" sx={{ display: { xs: 'none', sm: 'table-cell' } }}>
                    {t('col.balance')}
                  </TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                <TableRow>
                  <TableCell colSpan={3} sx={{ fontWeight: 600 }}>
                    {t('opening')}
                  </TableCell>
                  <TableCell colSpan={3} align="right" sx={{ fontWeight: 600 }}>
                    {money(ledger.data.opening)}
                  </TableCell>
                </TableRow>
                {ledger.data.items.length === 0 && (
                  <TableRow>
                    <TableCell colSpan={6}>{t('emptyLedger')}</TableCell>
                  </TableRow>
                )}
                {ledger.data.items.map((e) => (
                  <TableRow key={e.id} hover data-testid="ledger-row">
                    <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>{day(e.date)}</TableCell>
                    <TableCell>
                      {t(`type.${e.type}`)} № {e.number}
                      <Typography variant="body2" color="text.secondary" sx={{ display: { sm: 'none' } }}>
                        {day(e.date)}
                      </Typography>
                    </TableCell>
                    <TableCell sx={{ display: { xs: 'none', md: 'table-cell' } }}>
                      {e.orderId && (
                        <Link component={RouterLink} to={`/order/${e.orderId}/`}>
                          {t('orderLink', { id: e.orderId })}
                        </Link>
                      )}
                    </TableCell>
                    <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                      {e.debit ? money(e.debit) : ''}
                    </TableCell>
                    <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                      {e.credit ? money(e.credit) : ''}
                    </TableCell>
                    <TableCell align="right" sx={{ display: { xs: 'none', sm: 'table-cell' } }}>
                      {money(e.balance)}
                    </TableCell>
                  </TableRow>
                ))}
                <TableRow>
                  <TableCell colSpan={3} sx={{ fontWeight: 600 }}>
                    {t('closing')}
                  </TableCell>
                  <TableCell colSpan={3} align="right" sx={{ fontWeight: 600 }}>
                    {money(ledger.data.closing)}
                  </TableCell>
                </TableRow>
              </TableBody>
            </Table>
          </TableContainer>
          <ListPagination count={ledger.data.count} {...paging} />
        </>
      )}
    </Paper>
  );
}
