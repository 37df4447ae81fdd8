import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation, useParams } from 'react-router';
import { useCurrentUser } from '../../lib/current-user';
import { Html } from '../../components/Html';
import { PageHeader } from '../../components/PageHeader';
import { ErrorState, Loading } from '../../components/States';
import { RestError } from '../../lib/rest';
import { storageQuery } from './api';
import { Picture } from '../../components/Picture';
import { StorageMap } from './StorageMap';

function Row({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '180px 1fr' }, gap: 1, py: 0.75 }}>
      <Typography color="text.secondary">{label}</Typography>
      <Box>{children}</Box>
    </Box>
  );
}

/** '/storage/{id}/': photos, gallery, scheme, address, hours, phones, e-mails and the route. */
export default function StorageDetailPage() {
  const { t } = useTranslation('content');
  const { id = '' } = useParams();
  const location = useLocation();
  const user = useCurrentUser();
  // With a token the guard lets a signed-out visitor through (docs/spec/04-states.md); the warehouse is for signed-in users.
  const storage = useQuery({ ...storageQuery(Number(id)), enabled: !!user.data });
  if (user.isSuccess && !user.data) {
    return <Navigate to={`/auth/?back=${encodeURIComponent(location.pathname)}`} replace />;
  }
  if (storage.isError && storage.error instanceof RestError && storage.error.status === 404) {
    return <Navigate to="/404" replace />;
  }
  const s = storage.data;
  return (
    <>
      <PageHeader title={s?.name ?? t('storage.title')} crumbs={[{ label: t('storage.title'), to: '/storage/' }]} />
      {storage.isPending ? (
        <Loading />
      ) : storage.isError || !s ? (
        <ErrorState error={storage.error} onRetry={() => void storage.refetch()} />
      ) : (
        <Box sx={{ display: 'grid', gap: 2 }}>
          <Paper
            sx={{ p: { xs: 2, md: 3 }, display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}
          >
            {s.images.preview && (
              <Box sx={{ borderRadius: 1, overflow: 'hidden' }}>
                <Picture image={s.images.preview} alt={s.name} sizes="(min-width: 900px) 50vw, 100vw" eager />
              </Box>
            )}
            <Box>
              <Row label={t('storage.address')}>
                <Typography>{s.address}</Typography>
              </Row>
              <Row label={t('storage.working')}>
                <Typography>{s.working}</Typography>
              </Row>
              {s.phone.length > 0 && (
                <Row label={t('storage.phones')}>
                  {s.phone.map((p) => (
                    <Typography key={p}>
                      <Link href={`tel:${p.replace(/[^\d+]/g, '')}`}>{p}</Link>
                    </Typography>
                  ))}
                </Row>
              )}
              {s.email.length > 0 && (
                <Row label={t('storage.emails')}>
                  {s.email.map((e) => (
                    <Typography key={e} sx={{ overflowWrap: 'anywhere' }}>
                      <Link href={`mailto:${e}`}>{e}</Link>
                    </Typography>
                  ))}
                </Row>
              )}
              {s.description && <Html html={s.description} sx={{ mt: 2 }} />}
            </Box>
          </Paper>
          <Paper sx={{ p: { xs: 2, md: 3 } }} component="section">
            <Typography variant="h2" sx={{ mb: 2 }}>
              {t('storage.routeTitle')}
            </Typography>
            {s.coordinate ? (
              <StorageMap lat={s.coordinate.lat} lon={s.coordinate.lon} name={s.name} address={s.address} />
            ) : (
              <Typography>{s.address}</Typography>
            )}
          </Paper>
          {s.images.gallery.length > 0 && (
            <Paper sx={{ p: { xs: 2, md: 3 } }} component="section">
              <Typography variant="h2" sx={{ mb: 2 }}>
                {t('storage.gallery')}
              </Typography>
              <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: 'repeat(3, 1fr)' } }}>
                {s.images.gallery.map((img, i) => (
                  <Link
                    key={i}
                    href={img.src}
                    target="_blank"
                    rel="noopener noreferrer"
                    aria-label={t('storage.photo', { n: i + 1 })}
                  >
                    <Picture
                      image={img}
                      alt={t('storage.photo', { n: i + 1 })}
                      sizes="(min-width: 600px) 33vw, 100vw"
                      sx={{ borderRadius: 1 }}
                    />
                  </Link>
                ))}
              </Box>
            </Paper>
          )}
          {s.images.scheme && (
            <Paper sx={{ p: { xs: 2, md: 3 } }} component="section">
              <Typography variant="h2" sx={{ mb: 2 }}>
                {t('storage.scheme')}
              </Typography>
              <Box sx={{ maxWidth: 800 }}>
                <Picture image={s.images.scheme} alt={t('storage.scheme')} sizes="(min-width: 900px) 800px, 100vw" />
              </Box>
            </Paper>
          )}
        </Box>
      )}
    </>
  );
}
