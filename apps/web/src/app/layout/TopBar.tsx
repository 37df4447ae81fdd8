import { type User } from '@portal/contract';
import DarkModeOutlined from '@mui/icons-material/DarkModeOutlined';
import LightModeOutlined from '@mui/icons-material/LightModeOutlined';
import Logout from '@mui/icons-material/Logout';
import MenuIcon from '@mui/icons-material/Menu';
import PersonOutline from '@mui/icons-material/PersonOutlineOutlined';
import PhoneOutlined from '@mui/icons-material/PhoneOutlined';
import AppBar from '@mui/material/AppBar';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Select from '@mui/material/Select';
import Toolbar from '@mui/material/Toolbar';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useSignOut } from '../../features/auth/api';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router';
import { notifyError } from '../../lib/notify';
import { portalConfig } from '../../lib/portal-config';
import { telHref } from '../../lib/phone';
import { usePreferences } from '../preferences';
import { TopBarSlots } from '../slots';

export function TopBar({ user, onMenu }: { user: User; onMenu: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const signOutCall = useSignOut();
  const { mode, setMode, language, setLanguage, languages } = usePreferences();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const settings = portalConfig.settings;
  // The supplier's one phone, the same as in the footer and on the bill (decision 190).
  const phone = settings?.supplier.phone ?? '';
  // Rendered only on a phone: a hidden first item would take the menu's focus, and Escape would not close it.
  const phoneInMenu = useMediaQuery((theme) => theme.breakpoints.down('sm'));

  const signOut = async () => {
    setAnchor(null);
    try {
      await signOutCall.mutateAsync();
    } catch (err) {
      notifyError(err);
      return;
    }
    await navigate('/auth/');
  };

  return (
    <AppBar position="fixed" color="primary" elevation={1} sx={{ zIndex: (theme) => theme.zIndex.drawer + 1 }}>
      <Toolbar sx={{ gap: 1.5 }}>
        <IconButton
          color="inherit"
          edge="start"
          onClick={onMenu}
          aria-label={t('nav.openMenu')}
          sx={{ display: { md: 'none' } }}
        >
          <MenuIcon />
        </IconButton>
        <Box
          component={RouterLink}
          to="/"
          sx={{ display: 'flex', alignItems: 'center', gap: 1, color: 'inherit', textDecoration: 'none' }}
        >
          <img src={settings?.logo || '/logo.svg'} alt="" width={32} height={32} />
          <Typography variant="h6" noWrap sx={{ display: { xs: 'none', sm: 'block' }, fontSize: 18 }}>
            {t('appName')}
          </Typography>
        </Box>
        <Box sx={{ flexGrow: 1, display: 'flex', justifyContent: 'center', minWidth: 0 }}>
          <TopBarSlots.Search />
        </Box>
        {phone && (
          <>
            <Button
              color="inherit"
              href={telHref(phone)}
              startIcon={<PhoneOutlined />}
              aria-label={t('nav.call', { phone })}
              data-testid="header-phone"
              sx={{ display: { xs: 'none', lg: 'inline-flex' }, whiteSpace: 'nowrap', flexShrink: 0 }}
            >
              {phone}
            </Button>
            <Tooltip title={phone}>
              <IconButton
                color="inherit"
                href={telHref(phone)}
                aria-label={t('nav.call', { phone })}
                sx={{ display: { xs: 'none', sm: 'inline-flex', lg: 'none' } }}
              >
                <PhoneOutlined />
              </IconButton>
            </Tooltip>
          </>
        )}
        <TopBarSlots.Actions />
        {settings?.localeSwitch && (
          <Select
            size="small"
            value={language}
            onChange={(e) => setLanguage(e.target.value)}
            aria-label={t('language')}
            sx={{
              color: 'inherit',
              '.MuiOutlinedInput-notchedOutline': { borderColor: 'rgba(255,255,255,.5)' },
              minWidth: 70,
            }}
          >
            {languages.map((l) => (
              <MenuItem key={l} value={l}>
                {l.toUpperCase()}
              </MenuItem>
            ))}
          </Select>
        )}
        {settings?.themeSwitch && (
          <Tooltip title={t('theme.toggle')}>
            <IconButton
              color="inherit"
              onClick={() => setMode(mode === 'light' ? 'dark' : 'light')}
              aria-label={t('theme.toggle')}
            >
              {mode === 'light' ? <DarkModeOutlined /> : <LightModeOutlined />}
            </IconButton>
          </Tooltip>
        )}
        <Tooltip title={user.fullName}>
          <IconButton
            color="inherit"
            onClick={(e) => setAnchor(e.currentTarget)}
            aria-label={t('nav.userMenu')}
            data-testid="user-menu"
          >
            <Avatar sx={{ width: 32, height: 32, bgcolor: 'secondary.main', color: 'primary.main', fontSize: 15 }}>
              {(user.firstName || user.login).slice(0, 1).toUpperCase()}
            </Avatar>
          </IconButton>
        </Tooltip>
        <Menu anchorEl={anchor} open={Boolean(anchor)} onClose={() => setAnchor(null)}>
          <Box sx={{ px: 2, py: 1 }}>
            <Typography sx={{ fontWeight: 600 }}>{user.fullName}</Typography>
            <Typography variant="body2" color="text.secondary">
              {user.company || user.login}
            </Typography>
          </Box>
          {phone && phoneInMenu && (
            // On a phone the top bar keeps its room for the search: the supplier's phone is in this menu.
            <MenuItem component="a" href={telHref(phone)}>
              <ListItemIcon>
                <PhoneOutlined fontSize="small" />
              </ListItemIcon>
              {phone}
            </MenuItem>
          )}
          <MenuItem component={RouterLink} to={`/user/${user.id}/`} onClick={() => setAnchor(null)}>
            <ListItemIcon>
              <PersonOutline fontSize="small" />
            </ListItemIcon>
            {t('nav.profile')}
          </MenuItem>
          <MenuItem onClick={() => void signOut()}>
            <ListItemIcon>
              <Logout fontSize="small" />
            </ListItemIcon>
            {t('nav.signOut')}
          </MenuItem>
        </Menu>
      </Toolbar>
    </AppBar>
  );
}
