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
import { managerCandidatesQuery, managerOfQuery, useSetManager } from './api';

/**
 * «Персональный менеджер» on a dealer's card (decision 199): staff see who it is; an administrator assigns an
 * employee or takes the assignment away.
 */
export function DealerManagerCard({ userId, canAssign }: { userId: number; canAssign: boolean }) {
  const { t } = useTranslation('users');
  const current = useQuery(managerOfQuery(userId));
  const candidates = useQuery({ ...managerCandidatesQuery, enabled: canAssign });
  const set = useSetManager(userId);
  const [choice, setChoice] = useState<string | null>(null);
  const value = choice ?? String(current.data?.manager?.id ?? '');
  const m = current.data?.manager;
  return (
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
          {m ? [m.name, m.phone, m.email].filter(Boolean).join(' · ') : t('manager.none')}
        </Typography>
      )}
      {canAssign && (
        <Box
          component="form"
          onSubmit={(e) => {
            e.preventDefault();
            set.mutate(value === '' ? null : Number(value), {
              onSuccess: () => {
                setChoice(null);
                notifySuccess(t('manager.saved'));
              },
              onError: notifyError,
            });
          }}
          sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}
        >
          <TextField
            select
            size="small"
            label={t('manager.choose')}
            value={candidates.data ? value : ''}
            onChange={(e) => setChoice(e.target.value)}
            sx={{ flex: '1 1 260px', minWidth: 0, maxWidth: '100%' }}
            slotProps={{ htmlInput: { 'data-testid': 'manager-select' } }}
          >
            <MenuItem value="">{t('manager.noneOption')}</MenuItem>
            {candidates.data?.items.map((c) => (
              <MenuItem key={c.id} value={String(c.id)}>
                {c.name}
                {c.email ? ` (${c.email})` : ''}
              </MenuItem>
            ))}
          </TextField>
          <Button type="submit" variant="contained" disabled={set.isPending || choice === null}>
            {t('manager.assign')}
          </Button>
        </Box>
      )}
    </Paper>
  );
}
