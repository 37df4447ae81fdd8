import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { portalConfig } from '../../lib/portal-config';

export function Footer() {
  const s = portalConfig.settings;
  return (
    <Box
      component="footer"
      sx={{
        mt: 'auto',
        py: 2,
        px: 3,
        borderTop: 1,
        borderColor: 'divider',
        display: 'flex',
        gap: 3,
        flexWrap: 'wrap',
        color: 'text.secondary',
        fontSize: 14,
      }}
    >
      {s?.phone && (
        <Link href={`tel:${s.phone.replace(/[^\d+]/g, '')}`} color="inherit" underline="hover">
          {s.phone}
        </Link>
      )}
      {s?.email && (
        <Link href={`mailto:${s.email}`} color="inherit" underline="hover">
          {s.email}
        </Link>
      )}
      <Typography component="span" sx={{ ml: { sm: 'auto' }, fontSize: 'inherit' }}>
        {s?.copyright}
      </Typography>
    </Box>
  );
}
