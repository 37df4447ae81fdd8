import Box from '@mui/material/Box';
import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { Loading } from '../../components/States';

/** Printable documents: white paper, no navigation; the browser's print dialog does the rest. */
export function PrintLayout() {
  return (
    <Box sx={{ bgcolor: '#fff', color: '#000', minHeight: '100vh', p: { xs: 1, sm: 3 }, '@media print': { p: 0 } }}>
      <Suspense fallback={<Loading />}>
        <Outlet />
      </Suspense>
    </Box>
  );
}
