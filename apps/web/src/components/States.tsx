import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { RestError } from '../lib/rest';

export function Loading({ label }: { label?: string }) {
  const { t } = useTranslation();
  return (
    <Box
      role="status"
      aria-live="polite"
      sx={{ display: 'flex', alignItems: 'center', gap: 2, p: 4, justifyContent: 'center' }}
    >
      <CircularProgress size={28} />
      <Typography color="text.secondary">{label ?? t('loading')}</Typography>
    </Box>
  );
}

export function EmptyState({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <Box sx={{ p: 4, textAlign: 'center', color: 'text.secondary' }}>
      <Typography variant="h3" component="p" sx={{ mb: 1 }}>
        {title}
      </Typography>
      {children}
    </Box>
  );
}

/** Where a not-found screen leads back to: a list or section the thing would have been in. */
export interface NotFoundBack {
  to: string;
  label: string;
}

/**
 * A titled «not found» answer with the way back: an order, a category, a product that
 * does not exist (or is someone else's) is a fact to explain, not an error to retry.
 */
export function NotFoundState({ title, text, back }: { title?: string; text?: string; back?: NotFoundBack }) {
  const { t } = useTranslation();
  return (
    <Paper sx={{ p: { xs: 3, sm: 5 }, textAlign: 'center' }} data-testid="not-found">
      <Typography variant="h2" component="h1" sx={{ mb: 1.5 }}>
        {title ?? t('notFound.thing')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        {text ?? t('notFound.thingText')}
      </Typography>
      <Box sx={{ display: 'flex', gap: 2, justifyContent: 'center', flexWrap: 'wrap' }}>
        {back && (
          <Button variant="contained" component={RouterLink} to={back.to}>
            {back.label}
          </Button>
        )}
        <Button variant={back ? 'outlined' : 'contained'} component={RouterLink} to="/">
          {t('notFound.home')}
        </Button>
      </Box>
    </Paper>
  );
}

export const isNotFound = (error: unknown) =>
  error instanceof RestError && (error.status === 404 || error.code === 'NOT_FOUND');

/**
 * A failed load: a 404 becomes the titled not-found state (with `notFound`'s title and way back), anything
 * else an alert with «Повторить».
 */
export function ErrorState({
  error,
  onRetry,
  notFound,
}: {
  error: unknown;
  onRetry?: () => void;
  notFound?: { title: string; back: NotFoundBack };
}) {
  const { t } = useTranslation();
  if (isNotFound(error)) return <NotFoundState title={notFound?.title} back={notFound?.back} />;
  const text = error instanceof Error ? error.message : t('errors.generic');
  return (
    <Alert
      severity="error"
      action={
        onRetry ? (
          <Button color="inherit" size="small" onClick={onRetry}>
            {t('retry')}
          </Button>
        ) : undefined
      }
    >
      {text}
    </Alert>
  );
}

/**
 * A list's four states in one place: loading, an error with a retry, an empty list with its explanation,
 * and the rows (given the loaded data).
 */
export function ListState<T extends { count: number }>({
  query,
  emptyTitle,
  emptyText,
  children,
}: {
  query: UseQueryResult<T>;
  emptyTitle: string;
  emptyText?: string;
  children: (data: T) => ReactNode;
}) {
  if (query.isPending) return <Loading />;
  if (query.isError) return <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
  if (query.data.count === 0) {
    return (
      <Paper>
        <EmptyState title={emptyTitle}>{emptyText && <Typography>{emptyText}</Typography>}</EmptyState>
      </Paper>
    );
  }
  return <>{children(query.data)}</>;
}
