import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { type Banner } from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { ErrorState, Loading } from '../../components/States';
import { dashboardBannersQuery } from './api';

const ROTATE_MS = 7000;
const isExternal = (link: string) => /^https?:\/\//i.test(link);

function Slide({ banner, active }: { banner: Banner; active: boolean }) {
  const content = (
    <Box sx={{ position: 'relative', aspectRatio: { xs: '16 / 7', md: '10 / 3' }, bgcolor: 'primary.main' }}>
      {banner.img && (
        <Box
          component="img"
          src={banner.img.src}
          width={banner.img.width}
          height={banner.img.height}
          sizes="(min-width: 1280px) 1000px, 100vw"
          loading={active ? 'eager' : 'lazy'}
          alt=""
          sx={{ position: 'absolute', inset: 0, width: '100%', height: '100%', objectFit: 'cover' }}
        />
      )}
      <Box
        sx={{
          position: 'absolute',
          left: 0,
          right: 0,
          bottom: 0,
          p: { xs: 1.5, md: 3 },
          background: 'linear-gradient(transparent, rgba(0,0,0,0.55))',
          color: '#fff',
        }}
      >
        <Typography sx={{ fontWeight: 700, fontSize: { xs: 18, md: 26 } }}>{banner.name}</Typography>
        {banner.text && <Typography sx={{ display: { xs: 'none', sm: 'block' } }}>{banner.text}</Typography>}
      </Box>
    </Box>
  );
  if (!banner.link) return content;
  return isExternal(banner.link) ? (
    <a href={banner.link} target="_blank" rel="noopener noreferrer" aria-label={banner.name}>
      {content}
    </a>
  ) : (
    <RouterLink to={banner.link} aria-label={banner.name}>
      {content}
    </RouterLink>
  );
}

/** Up to ten banners in a carousel: arrows, dots, rotation that pauses under the pointer. */
export function BannersBlock() {
  const { t } = useTranslation('dashboard');
  const banners = useQuery(dashboardBannersQuery);
  const [index, setIndex] = useState(0);
  const [paused, setPaused] = useState(false);
  const items = banners.data?.items ?? [];
  useEffect(() => {
    if (paused || items.length < 2) return;
    const timer = setInterval(() => setIndex((i) => (i + 1) % items.length), ROTATE_MS);
    return () => clearInterval(timer);
  }, [paused, items.length]);

  if (banners.isPending) {
    return (
      <Paper sx={{ p: 2 }}>
        <Loading />
      </Paper>
    );
  }
  if (banners.isError) return <ErrorState error={banners.error} onRetry={() => void banners.refetch()} />;
  // No banners: the block takes no room (nothing to advertise is not an error).
  if (items.length === 0) return null;
  const current = Math.min(index, items.length - 1);
  const go = (delta: number) => setIndex((i) => (i + delta + items.length) % items.length);
  return (
    <Paper
      component="section"
      aria-roledescription="carousel"
      aria-label={t('banners.title')}
      data-testid="dashboard-banners"
      sx={{ position: 'relative', overflow: 'hidden' }}
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={() => setPaused(false)}
    >
      {items.map((b, i) => (
        <Box
          key={b.id}
          role="group"
          aria-roledescription="slide"
          aria-label={t('banners.slide', { n: i + 1, total: items.length })}
          hidden={i !== current}
        >
          <Slide banner={b} active={i === current} />
        </Box>
      ))}
      {items.length > 1 && (
        <>
          <IconButton
            aria-label={t('banners.previous')}
            onClick={() => go(-1)}
            sx={{
              position: 'absolute',
              top: '50%',
              left: 8,
              transform: 'translateY(-50%)',
              bgcolor: 'rgba(255,255,255,0.8)',
              '&:hover': { bgcolor: '#fff' },
            }}
          >
            <ChevronLeftIcon />
          </IconButton>
          <IconButton
            aria-label={t('banners.next')}
            onClick={() => go(1)}
            sx={{
              position: 'absolute',
              top: '50%',
              right: 8,
              transform: 'translateY(-50%)',
              bgcolor: 'rgba(255,255,255,0.8)',
              '&:hover': { bgcolor: '#fff' },
            }}
          >
            <ChevronRightIcon />
          </IconButton>
          <Box sx={{ position: 'absolute', top: 8, right: 12, display: 'flex', gap: 0.5 }}>
            {items.map((b, i) => (
              <Box
                key={b.id}
                component="button"
                type="button"
                aria-label={t('banners.slide', { n: i + 1, total: items.length })}
                aria-current={i === current}
                onClick={() => setIndex(i)}
                sx={{
                  width: 10,
                  height: 10,
                  p: 0,
                  borderRadius: '50%',
                  border: '1px solid #fff',
                  cursor: 'pointer',
                  bgcolor: i === current ? 'secondary.main' : 'rgba(255,255,255,0.5)',
                }}
              />
            ))}
          </Box>
        </>
      )}
    </Paper>
  );
}
