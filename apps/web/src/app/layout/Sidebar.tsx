import { type MenuItem } from '@portal/contract';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Skeleton from '@mui/material/Skeleton';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { NavLink, useLocation } from 'react-router';
import { rest } from '../../lib/rest';
import { MENU_ICONS } from './menu-icons';

/** Navigation from `menu/list`: the server leaves out what the user's permissions do not allow. */
export function Sidebar({ userId, onNavigate }: { userId: number; onNavigate?: () => void }) {
  const { i18n } = useTranslation();
  const location = useLocation();
  const menu = useQuery({
    queryKey: ['menu', userId, i18n.language],
    queryFn: () => rest('menu/list', { type: 'left' }),
    staleTime: 5 * 60_000,
  });
  if (menu.isPending) {
    return (
      <List>
        {Array.from({ length: 8 }, (_, i) => (
          <Skeleton key={i} height={40} sx={{ mx: 2 }} />
        ))}
      </List>
    );
  }
  const items = menu.data?.items ?? [];
  const isActive = (item: MenuItem) =>
    item.link === '/' ? location.pathname === '/' : location.pathname.startsWith(item.link.replace(/\/$/, ''));
  const linkOf = (item: MenuItem) => (item.link === '/profile/' ? `/user/${userId}/` : item.link);
  return (
    <List component="nav" dense>
      {items.map((item) => (
        <ListItemButton
          key={item.link}
          component={NavLink}
          to={linkOf(item)}
          selected={isActive(item)}
          onClick={onNavigate}
          sx={{ borderRadius: 1, mx: 1, mb: 0.25 }}
        >
          <ListItemIcon sx={{ minWidth: 36 }}>{MENU_ICONS[item.icon ?? 'page'] ?? MENU_ICONS.page}</ListItemIcon>
          <ListItemText primary={item.label} />
        </ListItemButton>
      ))}
    </List>
  );
}
