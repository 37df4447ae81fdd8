import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorState, Loading } from '../../components/States';
import { notifyError, notifySuccess } from '../../lib/notify';
import { managerCandidatesQuery, managerOfQuery, useSetCompanyManager, useSetManager } from './api';

type Card = { name: string; phone: string; email: string } | null;
type Candidates = Array<{ id: number; name: string; email: string }> | undefined;

const cardText = (m: Card, none: string) => (m ? [m.name, m.phone, m.email].filter(Boolean).join(' · ') : none);

/** One manager select with its «Назначить» (the dealer's, or one company's). */
function ManagerChoice({
  current,
  candidates,
  pending,
  label,
  testId,
  onAssign,
}: {
  current: number | null;
  candidates: Candidates;
  pending: boolean;
  label: string;
  testId: string;
  onAssign: (managerId: number | null, done: () => void) => void;
}) {
  const { t } = useTranslation('users');
  const [choice, setChoice] = useState<string | null>(null);
  const value = choice ?? String(current ?? '');
  return (
    <Box
      component="form"
      onSubmit={(e) => {
        e.preventDefault();
        onAssign(value === '' ? null : Number(value), () => setChoice(null));
      }}
      sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}
    >
      <TextField
        select
        size="small"
        label={label}
        value={candidates ? value : ''}
        onChange={(e) => setChoice(e.target.value)}
        sx={{ flex: '1 1 260px', minWidth: 0, maxWidth: '100%' }}
        slotProps={{ htmlInput: { 'data-testid': testId } }}
      >
        <MenuItem value="">{t('manager.noneOption')}</MenuItem>
        {candidates?.map((c) => (
          <MenuItem key={c.id} value={String(c.id)}>
            {c.name}
            {c.email ? ` (${c.email})` : ''}
          </MenuItem>
        ))}
      </TextField>
      <Button type="submit" variant="contained" disabled={pending || choice === null}>
        {t('manager.assign')}
      </Button>
    </Box>
  );
}

/**
 * «Персональный менеджер» on a dealer's card (decision 199): staff see who it is, for the dealer and for each
 * of the dealer's companies (a company's own manager serves its orders, decision 227); an
 * administrator assigns an employee or takes the assignment away.
 */
export function DealerManagerCard({ userId, canAssign }: { userId: number; canAssign: boolean }) {
  const { t } = useTranslation('users');
  const current = useQuery(managerOfQuery(userId));
  const candidates = useQuery({ ...managerCandidatesQuery, enabled: canAssign });
  const set = useSetManager(userId);
  const setCompany = useSetCompanyManager(userId);
  const m = current.data?.manager ?? null;
  const companies = current.data?.companies ?? [];
  return (
    <>
      <Paper sx={{ p: { xs: 2, md: 3 }, minWidth: 0, overflow: 'hidden' }} data-testid="dealer-manager">
        <Typography variant="h2" sx={{ mb: 1 }}>
          {t('manager.title')}
        </Typography>
        {current.isPending ? (
          <Loading />
        ) : current.isError ? (
          <ErrorState error={current.error} onRetry={() => void current.refetch()} />
        ) : (
          <Typography sx={{ mb: canAssign ? 2 : 0, overflowWrap: 'anywhere' }}>
            {cardText(m, t('manager.none'))}
          </Typography>
        )}
        {canAssign && (
          <ManagerChoice
            current={m?.id ?? null}
            candidates={candidates.data?.items}
            pending={set.isPending}
            label={t('manager.choose')}
            testId="manager-select"
            onAssign={(managerId, done) =>
              set.mutate(managerId, {
                onSuccess: () => {
                  done();
                  notifySuccess(t('manager.saved'));
                },
                onError: notifyError,
              })
            }
          />
        )}
      </Paper>
      {companies.length > 0 && (
        <Paper sx={{ p: { xs: 2, md: 3 }, minWidth: 0, overflow: 'hidden' }} data-testid="company-managers">
          <Typography variant="h2" sx={{ mb: 0.5 }}>
            {t('manager.companies')}
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
            {t('manager.companiesHint')}
          </Typography>
          {companies.map((c) => (
            <Box key={c.id} sx={{ mb: 2 }} data-testid={`company-manager-${c.id}`}>
              <Typography sx={{ fontWeight: 500, overflowWrap: 'anywhere' }}>
                {c.name}
                {c.inn ? ` · ${t('manager.inn', { inn: c.inn })}` : ''}
              </Typography>
              <Typography variant="body2" sx={{ mb: canAssign ? 1 : 0, overflowWrap: 'anywhere' }}>
                {cardText(c.manager, t('manager.companyNone'))}
              </Typography>
              {canAssign && (
                <ManagerChoice
                  current={c.manager?.id ?? null}
                  candidates={candidates.data?.items}
                  pending={setCompany.isPending}
                  label={t('manager.chooseCompany')}
                  testId={`company-manager-select-${c.id}`}
                  onAssign={(managerId, done) =>
                    setCompany.mutate(
                      { counterpartyId: c.id, managerId },
                      {
                        onSuccess: () => {
                          done();
                          notifySuccess(t('manager.saved'));
                        },
                        onError: notifyError,
                      },
                    )
                  }
                />
              )}
            </Box>
          ))}
        </Paper>
      )}
    </>
  );
}
