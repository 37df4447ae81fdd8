import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

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

export function ErrorState({ error, onRetry }: { error: unknown; onRetry?: () => void }) {
  const { t } = useTranslation();
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
