import NotificationsOutlined from '@mui/icons-material/NotificationsOutlined';
import Badge from '@mui/material/Badge';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { noticeListQuery } from './api';

/** The top bar's bell with the number of unread notices. */
export default function NoticeBell() {
  const { t } = useTranslation('notices');
  const unread = useQuery(noticeListQuery(1, 5, true)).data?.unread ?? 0;
  const label = unread ? t('bell.unread', { count: unread }) : t('bell.none');
  return (
    <Tooltip title={label}>
      <IconButton color="inherit" component={RouterLink} to="/notice/" aria-label={label} data-testid="notice-bell">
        <Badge badgeContent={unread} color="secondary" max={99}>
          <NotificationsOutlined />
        </Badge>
      </IconButton>
    </Tooltip>
  );
}
