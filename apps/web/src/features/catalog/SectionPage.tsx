import AccountTreeIcon from '@mui/icons-material/AccountTree';
import Button from '@mui/material/Button';
import CloseIcon from '@mui/icons-material/Close';
import Box from '@mui/material/Box';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useParams } from 'react-router';
import { PageHeader } from '../../components/PageHeader';
import { ErrorState, Loading } from '../../components/States';
import { sectionQuery, useSections } from './api';
import { CatalogTree } from './CatalogTree';
import { ProductBrowser } from './ProductBrowser';
import { VIEWS, type ViewMode } from './url-state';

/** A section with its products: filter category=id, view tile/list/table, everything else in the query. */
export default function SectionPage() {
  const { t } = useTranslation('catalog');
  const params = useParams();
  const id = Number(params.id);
  const view = (params.view ?? 'tile') as ViewMode;
  const section = useQuery(sectionQuery(id));
  const sections = useSections();
  const [drawer, setDrawer] = useState(false);
  if (!VIEWS.includes(view)) return <Navigate to="/404" replace />;
  if (section.isError) {
    return (
      <ErrorState
        error={section.error}
        onRetry={() => void section.refetch()}
        notFound={{ title: t('notFoundSection'), back: { to: '/catalog/', label: t('toCatalog') } }}
      />
    );
  }
  if (!section.data) return <Loading />;
  return (
    <>
      <PageHeader
        title={section.data.name}
        crumbs={[
          { label: t('title'), to: '/catalog/' },
          ...section.data.breadcrumbs.map((b) => ({ label: b.name, to: `/catalog/${b.id}/` })),
        ]}
        actions={
          <Button variant="outlined" startIcon={<AccountTreeIcon />} onClick={() => setDrawer(true)}>
            {t('tree')}
          </Button>
        }
      />
      {/* Over the top bar (which sits above the sidebar), with a title and a close button (issue 11, point 19). */}
      <Drawer
        open={drawer}
        onClose={() => setDrawer(false)}
        sx={{ zIndex: (theme) => theme.zIndex.modal }}
        slotProps={{
          paper: { sx: { width: { xs: '85vw', sm: 320 }, maxWidth: 320 }, 'aria-labelledby': 'catalog-tree-title' },
        }}
      >
        <Box
          sx={{ display: 'flex', alignItems: 'center', gap: 1, px: 2, py: 1, borderBottom: 1, borderColor: 'divider' }}
        >
          <Typography id="catalog-tree-title" variant="h6" component="h2" sx={{ flexGrow: 1 }}>
            {t('tree')}
          </Typography>
          <IconButton aria-label={t('common:close')} onClick={() => setDrawer(false)} edge="end">
            <CloseIcon />
          </IconButton>
        </Box>
        <CatalogTree sections={sections.data?.items ?? []} currentId={id} onNavigate={() => setDrawer(false)} />
      </Drawer>
      <ProductBrowser
        key={id}
        scope={{ category: id }}
        view={view}
        viewPath={(v) => (v === 'tile' ? `/catalog/${id}/` : `/catalog/${id}/${v}/`)}
      />
    </>
  );
}
