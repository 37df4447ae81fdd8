import Box from '@mui/material/Box';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { lazy, Suspense, type ComponentType, type LazyExoticComponent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useParams } from 'react-router';
import { PageHeader } from '../../components/PageHeader';
import { Loading } from '../../components/States';
import './settings-api';

/** Each kind of content is its own chunk; the rich-text editor comes with the sections that use it. */
const SECTIONS: Record<string, LazyExoticComponent<ComponentType>> = {
  news: lazy(() => import('./NewsSection')),
  banners: lazy(() => import('./BannerSection')),
  faq: lazy(() => import('./FaqSection')),
  pages: lazy(() => import('./PageSection')),
  storages: lazy(() => import('./StorageSection')),
  departments: lazy(() => import('./ContactsSection').then((m) => ({ default: m.DepartmentSection }))),
  contacts: lazy(() => import('./ContactsSection')),
  forms: lazy(() => import('./FormSection')),
};

/** `/admin/content/{section}/`: the administrator edits what dealers read (decision 120). */
export default function ContentAdminPage() {
  const { t } = useTranslation('contentAdmin');
  const { section = '' } = useParams();
  const Section = SECTIONS[section];
  if (!Section) return <Navigate to="/admin/content/news/" replace />;
  return (
    <>
      <PageHeader
        title={t(`content.tabs.${section}`)}
        crumbs={[{ label: t('content.title'), to: '/admin/content/' }]}
      />
      <Box sx={{ borderBottom: 1, borderColor: 'divider', mb: 2 }}>
        <Tabs
          value={section}
          variant="scrollable"
          scrollButtons="auto"
          allowScrollButtonsMobile
          aria-label={t('content.title')}
        >
          {Object.keys(SECTIONS).map((key) => (
            <Tab
              key={key}
              value={key}
              label={t(`content.tabs.${key}`)}
              component={Link}
              to={`/admin/content/${key}/`}
            />
          ))}
        </Tabs>
      </Box>
      <Suspense fallback={<Loading />}>
        <Section key={section} />
      </Suspense>
    </>
  );
}
