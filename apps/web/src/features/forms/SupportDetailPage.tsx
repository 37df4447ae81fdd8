import { ANSWER_STATUSES, type AnswerStatus } from '@portal/contract';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { PageHeader } from '../../components/PageHeader';
import { RefLink } from '../../components/RefLink';
import { RefText } from '../../components/RefText';
import { ErrorState, Loading } from '../../components/States';
import { useCurrentUser } from '../../lib/current-user';
import { formatDate } from '../../lib/format';
import { notifyError, notifySuccess } from '../../lib/notify';
import { answerQuery, isStaff, useUpdateAnswer } from './api';
import { AnswerStatusChip } from './AnswerStatusChip';

/** The support form's field holding the order the appeal is about. */
const ORDER_FIELD = 'ORDER_NUMBER';

function StaffAnswer({ id, status, text }: { id: number; status: string; text: string }) {
  const { t } = useTranslation('forms');
  const update = useUpdateAnswer(id);
  const [value, setValue] = useState(text);
  const [next, setNext] = useState<AnswerStatus>(status === 'NEW' ? 'CORRECTED' : (status as AnswerStatus));
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const save = async (e: React.FormEvent) => {
    e.preventDefault();
    if (!value.trim()) {
      setError(t('answer.empty'));
      return;
    }
    setBusy(true);
    setError('');
    try {
      await update.mutateAsync({ status: next, answer: value });
      notifySuccess(t('answer.saved'));
    } catch (err) {
      setError(err instanceof Error ? err.message : String(err));
      notifyError(err);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Paper sx={{ p: { xs: 2, sm: 3 } }} component="form" noValidate onSubmit={(e) => void save(e)}>
      <Typography variant="h3" component="h2" sx={{ mb: 2 }}>
        {t('answer.staffTitle')}
      </Typography>
      <Box sx={{ display: 'grid', gap: 2 }}>
        {error && <Alert severity="error">{error}</Alert>}
        <TextField
          label={t('answer.text')}
          multiline
          minRows={4}
          value={value}
          onChange={(e) => setValue(e.target.value)}
          required
        />
        <TextField
          select
          label={t('field.status')}
          value={next}
          onChange={(e) => setNext(e.target.value as AnswerStatus)}
          sx={{ maxWidth: 320 }}
        >
          {ANSWER_STATUSES.map((s) => (
            <MenuItem key={s} value={s}>
              {t(`status.${s}`)}
            </MenuItem>
          ))}
        </TextField>
        <Box>
          <Button type="submit" variant="contained" disabled={busy}>
            {t('answer.submit')}
          </Button>
        </Box>
      </Box>
    </Paper>
  );
}

/** /support/{id}/: the conversation — the dealer's fields, then the employee's answer. */
export default function SupportDetailPage() {
  const { t } = useTranslation('forms');
  const id = Number(useParams().id);
  const user = useCurrentUser().data;
  const answer = useQuery(answerQuery(id));
  if (answer.isPending) return <Loading />;
  if (answer.isError) return <ErrorState error={answer.error} onRetry={() => void answer.refetch()} />;
  const a = answer.data;
  const reply = a.adminFields.find((f) => f.sid === 'ANSWER')?.value ?? '';
  return (
    <Box>
      <PageHeader
        title={a.title}
        crumbs={[{ label: isStaff(user) ? t('support.staffTitle') : t('support.title'), to: '/support/' }]}
      />
      <Box sx={{ display: 'grid', gap: 3, maxWidth: 860 }}>
        <Paper sx={{ p: { xs: 2, sm: 3 } }} data-testid="appeal">
          <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap', mb: 2 }}>
            <Typography variant="subtitle1">{a.user.name}</Typography>
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>
              {a.form.title} · {formatDate(a.date, true)}
            </Typography>
            <Box sx={{ ml: 'auto' }}>
              <AnswerStatusChip answer={a} />
            </Box>
          </Box>
          {a.userFields.map((f) => (
            <Box
              key={`${f.id}-${f.sid}`}
              sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '200px 1fr' }, gap: { sm: 2 }, py: 0.5 }}
            >
              <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                {f.title}
              </Typography>
              <Typography sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                {/* The appeal's order is a link to it (decision 192). */}
                {f.sid === ORDER_FIELD && /^\d{1,9}$/.test(f.value.trim()) ? (
                  <RefLink kind="order" id={Number(f.value.trim())}>{`№ ${f.value.trim()}`}</RefLink>
                ) : (
                  <RefText text={f.value} />
                )}
              </Typography>
            </Box>
          ))}
        </Paper>
        <Paper
          sx={{ p: { xs: 2, sm: 3 }, borderLeft: 4, borderColor: a.statusCss ? `${a.statusCss}.main` : 'divider' }}
          data-testid="appeal-answer"
        >
          <Typography variant="h3" component="h2" sx={{ mb: 1 }}>
            {t('answer.title')}
          </Typography>
          {reply ? (
            <>
              <Typography sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                <RefText text={reply} />
              </Typography>
              <Typography variant="caption" sx={{ color: 'text.secondary' }}>
                {formatDate(a.updatedAt, true)}
              </Typography>
            </>
          ) : (
            <Typography sx={{ color: 'text.secondary' }}>{t('answer.waiting')}</Typography>
          )}
        </Paper>
        {isStaff(user) && <StaffAnswer key={a.updatedAt} id={a.id} status={a.status} text={reply} />}
      </Box>
    </Box>
  );
}
