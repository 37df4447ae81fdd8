import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** The card every signed-out screen sits in: logo, title, the form. */
export function AuthCard({ title, children, wide = false }: { title: string; children: ReactNode; wide?: boolean }) {
  const { t } = useTranslation();
  useEffect(() => {
    document.title = `${title} — ${t('appName')}`;
  }, [title, t]);
  return (
    <Paper elevation={2} sx={{ p: { xs: 3, sm: 4 }, width: '100%', maxWidth: wide ? 720 : 420, mt: { xs: 2, sm: 6 } }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, mb: 3 }}>
        <img src="/logo.svg" alt="" width={40} height={40} />
        <Typography variant="h6" sx={{ color: 'primary.main', fontWeight: 700 }}>
          {t('appName')}
        </Typography>
      </Box>
      <Typography variant="h1" component="h1" sx={{ mb: 3 }}>
        {title}
      </Typography>
      {children}
    </Paper>
  );
}
