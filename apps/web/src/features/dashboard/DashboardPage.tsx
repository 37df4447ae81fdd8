import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useCurrentUser } from '../../lib/current-user';

function greetingKey(hour: number): string {
  if (hour < 5) return 'greeting.night';
  if (hour < 12) return 'greeting.morning';
  if (hour < 18) return 'greeting.day';
  return 'greeting.evening';
}

/** 'Рабочий стол': the greeting; the blocks of later features sit below it. */
export default function DashboardPage() {
  const { t } = useTranslation('dashboard');
  const user = useCurrentUser().data;
  if (!user) return null;
  const name = [user.firstName, user.middleName].filter(Boolean).join(' ') || user.login;
  document.title = `${t('title')} — ${t('common:appName')}`;
  return (
    <Box sx={{ display: 'grid', gap: 3 }}>
      <Paper
        sx={{
          p: 3,
          background: (theme) => `linear-gradient(120deg, ${theme.palette.primary.main}, #0b6b3a)`,
          color: '#fff',
        }}
      >
        <Typography variant="h1" component="h1">
          {t(greetingKey(new Date().getHours()), { name })}
        </Typography>
        {user.company && <Typography sx={{ mt: 1, opacity: 0.9 }}>{user.company}</Typography>}
      </Paper>
    </Box>
  );
}
