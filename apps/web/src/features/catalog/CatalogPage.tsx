import AccountTreeIcon from '@mui/icons-material/AccountTree';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { PageHeader } from '../../components/PageHeader';
import { EmptyState, ErrorState, Loading } from '../../components/States';
import { useSections } from './api';
import { CatalogTreeDrawer } from './CatalogTreeDrawer';
import { sectionIcon } from './section-icons';

/**
 * 'Каталог': the second-level sections (size -1) grouped under their parents; the tree in a drawer. A card
 * shows the section's own photo, or an icon fitting its name when it has none or shares its picture with
 * other sections (a picture on every section says nothing about any; decision 191).
 */
export default function CatalogPage() {
  const { t } = useTranslation('catalog');
  const sections = useSections();
  const [drawer, setDrawer] = useState(false);
  const all = sections.data?.items ?? [];
  const level2 = all.filter((s) => s.level === 2);
  const uses = new Map<string, number>();
  for (const s of level2) if (s.photo.src) uses.set(s.photo.src, (uses.get(s.photo.src) ?? 0) + 1);
  const ownPhoto = (src: string) => src !== '' && uses.get(src) === 1;
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
      <CatalogTreeDrawer open={drawer} onClose={() => setDrawer(false)} sections={all} />
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
                  .map((s) => {
                    const Icon = sectionIcon(s.name);
                    return (
                      <Card key={s.id} variant="outlined">
                        <CardActionArea component={RouterLink} to={`/catalog/${s.id}/`} sx={{ height: '100%' }}>
                          {ownPhoto(s.photo.src) ? (
                            <img
                              src={s.photo.src}
                              alt=""
                              width={320}
                              height={240}
                              style={{ width: '100%', height: 'auto', display: 'block' }}
                            />
                          ) : (
                            <Box
                              data-testid="section-icon"
                              sx={{
                                display: 'flex',
                                alignItems: 'center',
                                justifyContent: 'center',
                                height: { xs: 72, sm: 96 },
                                bgcolor: 'action.hover',
                                color: 'primary.main',
                              }}
                            >
                              <Icon sx={{ fontSize: { xs: 40, sm: 52 } }} aria-hidden />
                            </Box>
                          )}
                          <CardContent>
                            <Typography sx={{ fontWeight: 600 }}>{s.name}</Typography>
                            <Typography sx={{ color: 'text.secondary', fontSize: 13 }}>
                              {t('items', { count: s.elementCnt })}
                            </Typography>
                          </CardContent>
                        </CardActionArea>
                      </Card>
                    );
                  })}
              </Box>
            </Box>
          ))
      )}
    </>
  );
}
