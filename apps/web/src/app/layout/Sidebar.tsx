import { type MenuItem } from '@portal/contract';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Skeleton from '@mui/material/Skeleton';
import ExpandMore from '@mui/icons-material/ExpandMore';
import { useQuery } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink, useLocation } from 'react-router';
import { menuQuery } from '../../lib/menu';
import { MENU_ICONS } from './menu-icons';

/** Navigation from `menu/list`: the server leaves out what the user's permissions do not allow. */
export function Sidebar({ userId, onNavigate }: { userId: number; onNavigate?: () => void }) {
  const { i18n } = useTranslation();
  const location = useLocation();
  const menu = useQuery(menuQuery(userId, i18n.language));
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
  // `{me}` is the signed-in user (`/user/{me}/pricing`); the profile entry opens the user's own card.
  const linkOf = (item: MenuItem) =>
    item.link === '/profile/' ? `/user/${userId}/` : item.link.replace('{me}', String(userId));
  const isActive = (item: MenuItem) => {
    const link = linkOf(item);
    return link === '/' ? location.pathname === '/' : location.pathname.startsWith(link.replace(/\/$/, ''));
  };
  const entry = (item: MenuItem, nested = false) => (
    <ListItemButton
      key={item.link}
      component={NavLink}
      to={linkOf(item)}
      selected={isActive(item)}
      onClick={onNavigate}
      sx={{ borderRadius: 1, mx: 1, mb: 0.25, ...(nested ? { pl: 7 } : {}) }}
    >
      {!nested && (
        <ListItemIcon sx={{ minWidth: 36 }}>{MENU_ICONS[item.icon ?? 'page'] ?? MENU_ICONS.page}</ListItemIcon>
      )}
      <ListItemText primary={item.label} />
    </ListItemButton>
  );
  return (
    <List component="nav" dense>
      {items.map((item) =>
        item.items.length === 0 ? (
          entry(item)
        ) : (
          <MenuGroup key={item.link} item={item} open={item.items.some(isActive)}>
            {item.items.map((child) => entry(child, true))}
          </MenuGroup>
        ),
      )}
    </List>
  );
}

/** An entry with sub-entries (the content pages): opens on a click, and by itself when one of them is shown. */
function MenuGroup({ item, open, children }: { item: MenuItem; open: boolean; children: ReactNode }) {
  const [expanded, setExpanded] = useState(open);
  return (
    <>
      <ListItemButton
        onClick={() => setExpanded((v) => !v)}
        aria-expanded={expanded || open}
        sx={{ borderRadius: 1, mx: 1, mb: 0.25 }}
      >
        <ListItemIcon sx={{ minWidth: 36 }}>{MENU_ICONS[item.icon ?? 'page'] ?? MENU_ICONS.page}</ListItemIcon>
        <ListItemText primary={item.label} />
        <ExpandMore fontSize="small" sx={{ transform: expanded || open ? 'rotate(180deg)' : 'none' }} />
      </ListItemButton>
      {(expanded || open) && (
        <List disablePadding dense>
          {children}
        </List>
      )}
    </>
  );
}
