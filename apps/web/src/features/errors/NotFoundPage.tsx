import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';

/** Not found, with the way back to the catalogue and home (docs/spec/02-screens.md). */
export default function NotFoundPage() {
  const { t } = useTranslation();
  useEffect(() => {
    document.title = `${t('notFound.title')} — ${t('appName')}`;
  }, [t]);
  return (
    <Box sx={{ textAlign: 'center', py: 8, px: 2, mx: 'auto', maxWidth: 560 }}>
      <Typography variant="h1" component="p" sx={{ fontSize: '5rem', color: 'primary.main', mb: 1 }}>
        404
      </Typography>
      <Typography variant="h2" component="h1" sx={{ mb: 2 }}>
        {t('notFound.title')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 4 }}>
        {t('notFound.text')}
      </Typography>
      <Box sx={{ display: 'flex', gap: 2, justifyContent: 'center', flexWrap: 'wrap' }}>
        <Button variant="contained" component={RouterLink} to="/catalog/">
          {t('notFound.catalog')}
        </Button>
        <Button variant="outlined" component={RouterLink} to="/">
          {t('notFound.home')}
        </Button>
      </Box>
    </Box>
  );
}
