import BlockIcon from '@mui/icons-material/Block';
import CancelIcon from '@mui/icons-material/Cancel';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import EditIcon from '@mui/icons-material/Edit';
import LockOpenIcon from '@mui/icons-material/LockOpen';
import LockResetIcon from '@mui/icons-material/LockReset';
import WarningIcon from '@mui/icons-material/WarningAmberOutlined';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { type UserDetail } from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DealerManagerCard } from './DealerManagerCard';
import { Link as RouterLink, Navigate, useNavigate, useParams } from 'react-router';
import { PageHeader } from '../../components/PageHeader';
import { ErrorState, Loading } from '../../components/States';
import { useCurrentUser } from '../../lib/current-user';
import { formatDate } from '../../lib/format';
import { notifyError, notifySuccess } from '../../lib/notify';
import { RestError } from '../../lib/rest';
import { isAdmin as isAdminUser, isStaff as isStaffUser } from '../../lib/roles';
import { useSlots } from '../../lib/slots';
import { useUserAction, userQuery, type UserAction } from './api';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { EditUserDialog } from './EditUserDialog';
import { innProblem } from './inn-check';
import { StatusChip } from './StatusChip';

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '200px 1fr' }, gap: { xs: 0, sm: 2 }, py: 0.75 }}>
      <Typography color="text.secondary">{label}</Typography>
      <Box sx={{ minWidth: 0, wordBreak: 'break-word' }}>{children || '—'}</Box>
    </Box>
  );
}

type Action = UserAction;

function Actions({ user, isSelf }: { user: UserDetail; isSelf: boolean }) {
  const { t } = useTranslation('users');
  const navigate = useNavigate();
  const [confirm, setConfirm] = useState<Action | null>(null);
  const [editing, setEditing] = useState(false);
  const run = useUserAction(user.id, {
    onSuccess: (action) => {
      setConfirm(null);
      notifySuccess(t(`detail.done.${action}`));
      if (action === 'reject' || action === 'delete') void navigate('/user/');
    },
    onError: (err) => {
      setConfirm(null);
      notifyError(err);
    },
  });
  const ask = (action: Action) => setConfirm(action);
  return (
    <>
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
        {user.status === 'pending' && (
          <>
            <Button variant="contained" startIcon={<CheckCircleIcon />} onClick={() => ask('approve')}>
              {t('detail.approve')}
            </Button>
            <Button color="error" variant="outlined" startIcon={<CancelIcon />} onClick={() => ask('reject')}>
              {t('detail.reject')}
            </Button>
          </>
        )}
        <Button variant="outlined" startIcon={<EditIcon />} onClick={() => setEditing(true)}>
          {t('detail.edit')}
        </Button>
        {user.status === 'active' && !isSelf && (
          <Button color="error" variant="outlined" startIcon={<BlockIcon />} onClick={() => ask('block')}>
            {t('detail.block')}
          </Button>
        )}
        {user.status === 'blocked' && (
          <Button variant="outlined" startIcon={<LockOpenIcon />} onClick={() => ask('unblock')}>
            {t('detail.unblock')}
          </Button>
        )}
        {user.status !== 'pending' && user.email && (
          <Button variant="outlined" startIcon={<LockResetIcon />} onClick={() => ask('reset')}>
            {t('detail.reset')}
          </Button>
        )}
        {user.status !== 'pending' && !isSelf && (
          <Button color="error" onClick={() => ask('delete')}>
            {t('common:delete')}
          </Button>
        )}
      </Box>
      {confirm && (
        <ConfirmDialog
          open
          title={t(`detail.confirm.${confirm}.title`)}
          text={t(`detail.confirm.${confirm}.text`, { name: user.fullName, email: user.email })}
          confirmLabel={t(`detail.confirm.${confirm}.button`)}
          danger={confirm === 'reject' || confirm === 'block' || confirm === 'delete'}
          reasonLabel={confirm === 'reject' ? t('detail.reason') : undefined}
          busy={run.isPending}
          onConfirm={(reason) => run.mutate({ action: confirm, reason })}
          onClose={() => setConfirm(null)}
        />
      )}
      {editing && <EditUserDialog user={user} open onClose={() => setEditing(false)} />}
    </>
  );
}

/**
 * '/user/{id}/': the profile fields, groups, legal entities, price type, payment method and status; an
 * administrator moderates here. Someone else's id that the caller may not see is a 404.
 */
export default function UserDetailPage() {
  const { t } = useTranslation('users');
  const { id = '' } = useParams();
  const me = useCurrentUser().data;
  const user = useQuery(userQuery(Number(id)));
  const isAdmin = isAdminUser(me);
  const staffBlocks = useSlots().staffUserBlocks ?? [];
  if (user.isError && user.error instanceof RestError && user.error.status === 404)
    return <Navigate to="/404" replace />;
  const u = user.data;
  return (
    <>
      <PageHeader
        title={u?.fullName ?? t('detail.title')}
        crumbs={isAdmin ? [{ label: t('list.title'), to: '/user/' }] : []}
        actions={
          u && me?.id === u.id ? (
            <Button component={RouterLink} to="/profile/" startIcon={<EditIcon />}>
              {t('detail.editOwn')}
            </Button>
          ) : undefined
        }
      />
      {user.isPending ? (
        <Loading />
      ) : user.isError || !u ? (
        <ErrorState error={user.error} onRetry={() => void user.refetch()} />
      ) : (
        <Box sx={{ display: 'grid', gap: 2 }}>
          {u.status === 'pending' && isAdmin && <Alert severity="warning">{t('detail.pendingHint')}</Alert>}
          {isAdmin && innProblem(u.inn) && (
            <Alert severity="warning" data-testid="inn-warning">
              <AlertTitle>{innProblem(u.inn)}</AlertTitle>
              {t('detail.innWarning', { inn: u.inn })}
            </Alert>
          )}
          {isAdmin && <Actions user={u} isSelf={me?.id === u.id} />}
          <Paper sx={{ p: { xs: 2, md: 3 } }}>
            <Typography variant="h2" sx={{ mb: 1 }}>
              {t('detail.profile')}
            </Typography>
            <Field label={t('fields.status')}>
              <StatusChip status={u.status} />
            </Field>
            <Field label={t('fields.login')}>{u.login}</Field>
            <Field label={t('fields.name')}>{u.fullName}</Field>
            <Field label={t('fields.email')}>{u.email}</Field>
            <Field label={t('fields.phone')}>{u.phone}</Field>
            <Field label={t('fields.company')}>{u.company}</Field>
            <Field label={t('fields.inn')}>
              {u.inn && isAdmin && innProblem(u.inn) ? (
                <Box
                  component="span"
                  sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, color: 'warning.dark' }}
                >
                  <WarningIcon fontSize="small" aria-hidden />
                  {u.inn}
                </Box>
              ) : (
                u.inn
              )}
            </Field>
            <Field label={t('fields.city')}>{u.city}</Field>
            <Field label={t('fields.createdAt')}>{formatDate(u.createdAt, true)}</Field>
            <Field label={t('fields.lastLoginAt')}>
              {u.lastLoginAt ? formatDate(u.lastLoginAt, true) : t('detail.never')}
            </Field>
          </Paper>
          <Paper sx={{ p: { xs: 2, md: 3 } }}>
            <Typography variant="h2" sx={{ mb: 1 }}>
              {t('detail.access')}
            </Typography>
            <Field label={t('fields.groups')}>
              {u.groups.map((g) => t(`groups.${g}`, { defaultValue: g })).join(', ')}
            </Field>
            <Field label={t('fields.typePrice')}>{u.typePriceName || t('detail.notSet')}</Field>
            <Field label={t('fields.paySystem')}>{u.paySystemName || t('detail.notSet')}</Field>
            <Field label={t('fields.isOnOrder')}>{u.isOnOrder ? t('detail.yes') : t('detail.no')}</Field>
            <Field label={t('fields.twoFactor')}>{u.twoFactor ? t('detail.yes') : t('detail.no')}</Field>
            <Field label={t('fields.companies')}>
              {u.companies.length
                ? u.companies.map((c) => (
                    <Typography key={c.id}>
                      {c.name}
                      {c.inn ? `, ${t('fields.inn')} ${c.inn}` : ''}
                    </Typography>
                  ))
                : t('detail.noCompanies')}
            </Field>
          </Paper>
          {isStaffUser(me) && u.groups.includes('DEALERS') && <DealerManagerCard userId={u.id} canAssign={isAdmin} />}
          {isStaffUser(me) && me?.id !== u.id && staffBlocks.map((b) => <b.Component key={b.id} userId={u.id} />)}
        </Box>
      )}
    </>
  );
}
