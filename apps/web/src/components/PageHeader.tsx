import Box from '@mui/material/Box';
import Breadcrumbs from '@mui/material/Breadcrumbs';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';

export interface Crumb {
  label: string;
  to?: string;
}

/** The title of a screen with its breadcrumbs, which always start at 'Рабочий стол' (docs/spec/02-screens.md). */
export function PageHeader({ title, crumbs = [], actions }: { title: string; crumbs?: Crumb[]; actions?: ReactNode }) {
  const { t } = useTranslation();
  useEffect(() => {
    document.title = `${title} — ${t('appName')}`;
  }, [title, t]);
  const trail: Crumb[] = [{ label: t('nav.dashboard'), to: '/' }, ...crumbs];
  return (
    <Box sx={{ mb: 2 }}>
      <Breadcrumbs aria-label={t('breadcrumbs')} sx={{ mb: 1, fontSize: 14 }}>
        {trail.map((c, i) =>
          c.to && i < trail.length ? (
            <Link key={`${c.label}-${i}`} component={RouterLink} to={c.to} underline="hover" color="inherit">
              {c.label}
            </Link>
          ) : (
            <Typography key={`${c.label}-${i}`} sx={{ color: 'text.primary', fontSize: 14 }}>
              {c.label}
            </Typography>
          ),
        )}
        <Typography sx={{ color: 'text.primary', fontSize: 14 }}>{title}</Typography>
      </Breadcrumbs>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
        <Typography variant="h1" component="h1" sx={{ flexGrow: 1 }}>
          {title}
        </Typography>
        {actions}
      </Box>
    </Box>
  );
}
