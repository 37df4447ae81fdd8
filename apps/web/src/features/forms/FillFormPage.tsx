import { SUPPORT_FORM_CODE } from '@portal/contract';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { PageHeader } from '../../components/PageHeader';
import { ErrorState, Loading } from '../../components/States';
import { notifySuccess } from '../../lib/notify';
import { formByCodeQuery, formByIdQuery, useCreateAnswer } from './api';
import { CaptchaNotice } from '../../components/CaptchaNotice';
import { FormRenderer, type FormSubmission } from './FormRenderer';

/** /support/create/ (the support form) and /form/{id}/ (any form): the definition drives the screen. */
export function FillForm({ support }: { support: boolean }) {
  const { t } = useTranslation('forms');
  const id = Number(useParams().id);
  const navigate = useNavigate();
  const createAnswer = useCreateAnswer();
  const form = useQuery(support ? formByCodeQuery(SUPPORT_FORM_CODE) : formByIdQuery(id));
  const crumbs = support
    ? [{ label: t('support.title'), to: '/support/' }]
    : [{ label: t('list.title'), to: '/forms/' }];

  const send = async (submission: FormSubmission) => {
    if (!form.data) return;
    const answer = await createAnswer.mutateAsync({ code: form.data.code, ...submission });
    notifySuccess(t('sent', { id: answer.id }));
    await navigate(`/support/${answer.id}/`);
  };

  return (
    <Box>
      <PageHeader title={support ? t('support.createTitle') : (form.data?.title ?? t('list.title'))} crumbs={crumbs} />
      {form.isPending ? (
        <Loading />
      ) : form.isError ? (
        <ErrorState error={form.error} onRetry={() => void form.refetch()} />
      ) : (
        <Paper sx={{ p: { xs: 2, sm: 3 }, maxWidth: 760 }}>
          {form.data.description && (
            <Typography sx={{ mb: 2, color: 'text.secondary' }}>{form.data.description}</Typography>
          )}
          <FormRenderer form={form.data} submitLabel={t('submit')} onSubmit={send} />
          <CaptchaNotice />
        </Paper>
      )}
    </Box>
  );
}
