import type { Settlement } from '@portal/contract';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ErrorState, Loading } from '../../components/States';
import { formatDate, money } from '../../lib/format';
import { companyAccountQuery } from './api';

const day = (iso: string) => formatDate(`${iso}T12:00:00Z`);

/** One company's figures: limit, used, available, debt, overdue, and the date 1C sent them. */
function Figures({ s, named }: { s: Settlement; named: boolean }) {
  const { t } = useTranslation('account');
  const figuresOn = s.contracts.map((c) => c.figuresOn).find(Boolean);
  const overdueBills = s.contracts.flatMap((c) => c.bills).filter((b) => b.overdue);
  return (
    <Box sx={{ mb: 1.5 }} data-testid="company-account-figures">
      {named && (
        <Typography variant="subtitle2" component="h3">
          {s.counterparty.name}
          {s.counterparty.inn && ` · ИНН ${s.counterparty.inn}`}
        </Typography>
      )}
      {s.contracts.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          {t('noFigures')}
        </Typography>
      ) : (
        <>
          <Box
            sx={{
              display: 'grid',
              gap: 1.5,
              // As many as the card's width holds: a wide card shows five in a row, the desk's side column two.
              gridTemplateColumns: 'repeat(auto-fill, minmax(130px, 1fr))',
            }}
          >
            {(
              [
                ['limit', s.totals.limit],
                ['used', s.totals.debt],
                ['available', s.totals.available],
                ['debt', s.totals.debt],
                ['overdue', s.totals.overdue],
              ] as const
            ).map(([key, value]) => (
              <Box key={key} sx={{ minWidth: 0 }}>
                <Typography variant="body2" color="text.secondary">
                  {t(key)}
                </Typography>
                <Typography
                  sx={{ fontWeight: 600, color: key === 'overdue' && value > 0 ? 'error.main' : undefined }}
                  data-testid={`company-account-${key}`}
                >
                  {money(value)}
                </Typography>
              </Box>
            ))}
          </Box>
          <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
            {figuresOn && t('figuresOn', { date: day(figuresOn) })}
            {overdueBills.length > 0 &&
              ` · ${t('overdueBills', { list: overdueBills.map((b) => `${b.number}${b.due ? ` (${day(b.due)})` : ''}`).join(', ') })}`}
          </Typography>
        </>
      )}
    </Box>
  );
}

/**
 * Staff: a company's account with the supplier (decision 202) on the order desk and the back office's company
 * card (`counterpartyId`), or every company of a dealer on the user card (`userId`).
 */
export default function CompanyAccount({ counterpartyId, userId }: { counterpartyId?: number; userId?: number }) {
  const { t } = useTranslation('account');
  const list = useQuery(companyAccountQuery({ counterparty: counterpartyId, user: userId }));
  // A user card of someone without companies (staff, say) shows nothing.
  if (userId !== undefined && list.isSuccess && list.data.items.length === 0) return null;
  return (
    <Paper sx={{ p: 2 }} component="section" aria-label={t('title')} data-testid="company-account">
      <Typography variant="h2" sx={{ fontSize: 20, mb: 1 }}>
        {t('title')}
      </Typography>
      {list.isPending ? (
        <Loading />
      ) : list.isError ? (
        <ErrorState error={list.error} onRetry={() => void list.refetch()} />
      ) : list.data.items.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          {t('noCompaniesStaff')}
        </Typography>
      ) : (
        list.data.items.map((s) => <Figures key={s.counterparty.id} s={s} named={counterpartyId === undefined} />)
      )}
    </Paper>
  );
}
