import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { formatDate } from '../../lib/format';
import { noticeListQuery } from './api';
import { useOpenNotice } from './use-open-notice';

/** Dashboard block: the newest unread notices. */
export default function UnreadNoticesBlock() {
  const { t } = useTranslation('notices');
  const list = useQuery(noticeListQuery(1, 5, true));
  const open = useOpenNotice();
  return (
    <Paper sx={{ p: 2, height: '100%' }}>
      <Box sx={{ display: 'flex', alignItems: 'baseline', gap: 1, mb: 1 }}>
        <Typography variant="h3" component="h2" sx={{ flexGrow: 1 }}>
          {t('block.title')}
        </Typography>
        <Link component={RouterLink} to="/notice/" variant="body2">
          {t('block.all')}
        </Link>
      </Box>
      {list.data && list.data.items.length === 0 ? (
        <Typography sx={{ color: 'text.secondary' }}>{t('block.none')}</Typography>
      ) : (
        <List dense disablePadding>
          {(list.data?.items ?? []).map((n) => (
            <ListItemButton key={n.id} onClick={() => void open(n)}>
              <ListItemText
                primary={n.title}
                secondary={formatDate(n.timestamp, true)}
                slotProps={{ primary: { sx: { fontWeight: 600, overflowWrap: 'anywhere' } } }}
              />
            </ListItemButton>
          ))}
        </List>
      )}
    </Paper>
  );
}
