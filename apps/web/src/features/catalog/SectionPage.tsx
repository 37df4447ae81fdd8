import AccountTreeIcon from '@mui/icons-material/AccountTree';
import Button from '@mui/material/Button';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useParams } from 'react-router';
import { PageHeader } from '../../components/PageHeader';
import { ErrorState, Loading } from '../../components/States';
import { sectionQuery, useSections } from './api';
import { CatalogTreeDrawer } from './CatalogTreeDrawer';
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
      <CatalogTreeDrawer
        open={drawer}
        onClose={() => setDrawer(false)}
        sections={sections.data?.items ?? []}
        currentId={id}
      />
      <ProductBrowser
        key={id}
        scope={{ category: id }}
        view={view}
        viewPath={(v) => (v === 'tile' ? `/catalog/${id}/` : `/catalog/${id}/${v}/`)}
      />
    </>
  );
}
