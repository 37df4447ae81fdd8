import Box from '@mui/material/Box';
import Drawer from '@mui/material/Drawer';
import Toolbar from '@mui/material/Toolbar';
import { Suspense, useState, type ReactNode } from 'react';
import { Outlet } from 'react-router';
import { Loading } from '../../components/States';
import { useCurrentUser } from '../../lib/current-user';
import { Footer } from './Footer';
import { Sidebar } from './Sidebar';
import { TopBar } from './TopBar';

const DRAWER_WIDTH = 248;

/**
 * Top bar, sidebar navigation (a drawer on a phone), the screen with its breadcrumbs and dialog slot,
 * and the footer (docs/spec/02-screens.md). Signed-out screens get the same frame without the navigation.
 */
export function BaseLayout({ children }: { children?: ReactNode }) {
  const user = useCurrentUser().data;
  const [open, setOpen] = useState(false);
  const content = <Suspense fallback={<Loading />}>{children ?? <Outlet />}</Suspense>;
  if (!user) {
    return (
      <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column' }}>
        <Box
          component="main"
          sx={{ flexGrow: 1, display: 'flex', alignItems: 'flex-start', justifyContent: 'center', p: { xs: 2, sm: 4 } }}
        >
          {content}
        </Box>
        <Footer />
      </Box>
    );
  }
  const nav = <Sidebar userId={user.id} onNavigate={() => setOpen(false)} />;
  return (
    <Box sx={{ display: 'flex', minHeight: '100vh' }}>
      <TopBar user={user} onMenu={() => setOpen(true)} />
      <Drawer
        variant="temporary"
        open={open}
        onClose={() => setOpen(false)}
        ModalProps={{ keepMounted: true }}
        sx={{ display: { xs: 'block', md: 'none' }, '& .MuiDrawer-paper': { width: DRAWER_WIDTH } }}
      >
        <Toolbar />
        {nav}
      </Drawer>
      <Drawer
        variant="permanent"
        sx={{
          display: { xs: 'none', md: 'block' },
          width: DRAWER_WIDTH,
          flexShrink: 0,
          '& .MuiDrawer-paper': { width: DRAWER_WIDTH, boxSizing: 'border-box' },
        }}
      >
        <Toolbar />
        <Box sx={{ overflowY: 'auto', py: 1 }}>{nav}</Box>
      </Drawer>
      <Box sx={{ flexGrow: 1, minWidth: 0, display: 'flex', flexDirection: 'column' }}>
        <Toolbar />
        <Box component="main" sx={{ flexGrow: 1, p: { xs: 1.5, sm: 3 }, maxWidth: 1600, width: '100%' }}>
          {content}
        </Box>
        <Footer />
      </Box>
    </Box>
  );
}
