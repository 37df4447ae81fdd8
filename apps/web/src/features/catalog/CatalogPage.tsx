import AccountTreeIcon from '@mui/icons-material/AccountTree';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import Drawer from '@mui/material/Drawer';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { PageHeader } from '../../components/PageHeader';
import { EmptyState, ErrorState, Loading } from '../../components/States';
import { useSections } from './api';
import { CatalogTree } from './CatalogTree';

/** 'Каталог': the second-level sections (size -1) grouped under their parents; the tree in a drawer. */
export default function CatalogPage() {
  const { t } = useTranslation('catalog');
  const sections = useSections();
  const [drawer, setDrawer] = useState(false);
  const all = sections.data?.items ?? [];
  const level2 = all.filter((s) => s.level === 2);
  return (
    <>
      <PageHeader
        title={t('title')}
        actions={
          <Button variant="outlined" startIcon={<AccountTreeIcon />} onClick={() => setDrawer(true)}>
            {t('tree')}
          </Button>
        }
      />
      <Drawer open={drawer} onClose={() => setDrawer(false)} slotProps={{ paper: { sx: { width: 320 } } }}>
        <CatalogTree sections={all} onNavigate={() => setDrawer(false)} />
      </Drawer>
      {sections.isError ? (
        <ErrorState error={sections.error} onRetry={() => void sections.refetch()} />
      ) : !sections.data ? (
        <Loading />
      ) : level2.length === 0 ? (
        <EmptyState title={t('emptyCatalog')} />
      ) : (
        all
          .filter((s) => s.parentId === '0')
          .map((top) => (
            <Box key={top.id} component="section" sx={{ mb: 3 }}>
              <Typography variant="h2" component="h2" sx={{ mb: 1.5 }}>
                {top.name}
              </Typography>
              <Box
                sx={{
                  display: 'grid',
                  gap: 2,
                  gridTemplateColumns: { xs: '1fr 1fr', sm: 'repeat(3, 1fr)', lg: 'repeat(5, 1fr)' },
                }}
              >
                {level2
                  .filter((s) => s.parentId === String(top.id))
                  .map((s) => (
                    <Card key={s.id} variant="outlined">
                      <CardActionArea component={RouterLink} to={`/catalog/${s.id}/`} sx={{ height: '100%' }}>
                        {s.photo.src && (
                          <img
                            src={s.photo.src}
                            alt=""
                            width={320}
                            height={240}
                            style={{ width: '100%', height: 'auto', display: 'block' }}
                          />
                        )}
                        <CardContent>
                          <Typography sx={{ fontWeight: 600 }}>{s.name}</Typography>
                          <Typography sx={{ color: 'text.secondary', fontSize: 13 }}>
                            {t('items', { count: s.elementCnt })}
                          </Typography>
                        </CardContent>
                      </CardActionArea>
                    </Card>
                  ))}
              </Box>
            </Box>
          ))
      )}
    </>
  );
}
