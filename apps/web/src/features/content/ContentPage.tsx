import Paper from '@mui/material/Paper';
import { pageUrlSchema } from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Navigate, useParams, useSearchParams } from 'react-router';
import { Html } from '../../components/Html';
import { PageHeader } from '../../components/PageHeader';
import { ErrorState, Loading } from '../../components/States';
import { RestError } from '../../lib/rest';
import { pageQuery } from './api';

/** The generic content route '/{path}': the id is the path, or the query value `path`; unknown → /404. */
export default function ContentPage() {
  const { t } = useTranslation('content');
  const { path = '' } = useParams();
  const [params] = useSearchParams();
  const parsed = pageUrlSchema.safeParse(params.get('path') ?? path);
  const url = parsed.success ? parsed.data : '';
  const page = useQuery({ ...pageQuery(url), enabled: parsed.success });
  if (!parsed.success) return <Navigate to="/404" replace />;
  if (page.isError && page.error instanceof RestError && [400, 404].includes(page.error.status)) {
    return <Navigate to="/404" replace />;
  }
  return (
    <>
      <PageHeader title={page.data?.title ?? t('page.loading')} />
      {page.isPending ? (
        <Loading />
      ) : page.isError ? (
        <ErrorState error={page.error} onRetry={() => void page.refetch()} />
      ) : (
        <Paper sx={{ p: { xs: 2, md: 3 }, lineHeight: 1.6, '& h2': { mt: 0 } }}>
          <Html html={page.data.content} />
        </Paper>
      )}
    </>
  );
}
