import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

/** The frame of a dashboard block: a title, an optional action and the block's own content. */
export function DashboardCard({
  title,
  action,
  testId,
  children,
}: {
  title: string;
  action?: ReactNode;
  testId?: string;
  children: ReactNode;
}) {
  return (
    <Paper component="section" aria-label={title} data-testid={testId} sx={{ p: 2, height: '100%', minWidth: 0 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', mb: 1.5, gap: 1 }}>
        <Typography variant="h2" sx={{ flexGrow: 1, fontSize: 20 }}>
          {title}
        </Typography>
        {action}
      </Box>
      {children}
    </Paper>
  );
}
