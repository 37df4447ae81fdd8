import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { PageHeader } from '../../components/PageHeader';
import { EmptyState, ErrorState, Loading } from '../../components/States';
import { storagesQuery } from './api';
import { Picture } from '../../components/Picture';

/** '/storage/' 'Склады': every warehouse with its photo, address and hours. */
export default function StorageListPage() {
  const { t } = useTranslation('content');
  const list = useQuery(storagesQuery);
  return (
    <>
      <PageHeader title={t('storage.title')} />
      {list.isPending ? (
        <Loading />
      ) : list.isError ? (
        <ErrorState error={list.error} onRetry={() => void list.refetch()} />
      ) : list.data.items.length === 0 ? (
        <EmptyState title={t('storage.empty')} />
      ) : (
        <Box
          sx={{
            display: 'grid',
            gap: 2,
            gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', md: 'repeat(3, 1fr)' },
          }}
        >
          {list.data.items.map((s) => (
            <Card key={s.id} variant="outlined">
              <CardActionArea component={RouterLink} to={`/storage/${s.id}/`} sx={{ height: '100%' }}>
                {s.images.preview && <Picture image={s.images.preview} alt="" sizes="(min-width: 900px) 33vw, 100vw" />}
                <CardContent>
                  <Typography variant="h3" component="h2" sx={{ mb: 1 }}>
                    {s.name}
                  </Typography>
                  <Typography variant="body2">{s.address}</Typography>
                  <Typography variant="body2" color="text.secondary">
                    {s.working}
                  </Typography>
                </CardContent>
              </CardActionArea>
            </Card>
          ))}
        </Box>
      )}
    </>
  );
}
