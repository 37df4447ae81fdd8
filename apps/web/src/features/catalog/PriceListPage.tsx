import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageHeader } from '../../components/PageHeader';
import { Loading } from '../../components/States';
import { useSections } from './api';
import { PriceListDownload } from './PriceListDownload';
import { ProductBrowser } from './ProductBrowser';

/**
 * 'Прайс-лист': a section's products as a table with the user's prices, stock and filters, and the list as
 * a file to download or fetch by a secret link (decision 212).
 */
export default function PriceListPage() {
  const { t } = useTranslation('catalog');
  const sections = useSections();
  const [params, setParams] = useSearchParams();
  const leaves = (sections.data?.items ?? []).filter((s) => s.level === 2);
  const selected = Number(params.get('section')) || leaves[0]?.id;
  return (
    <>
      <PageHeader
        title={t('priceList.title')}
        actions={
          <TextField
            select
            size="small"
            label={t('priceList.section')}
            value={selected ?? ''}
            onChange={(e) => setParams(new URLSearchParams({ section: e.target.value }))}
            fullWidth={false}
            sx={{ minWidth: 260 }}
          >
            {leaves.map((s) => (
              <MenuItem key={s.id} value={s.id}>
                {s.name}
              </MenuItem>
            ))}
          </TextField>
        }
      />
      <PriceListDownload section={selected} sectionName={leaves.find((s) => s.id === selected)?.name} />
      {selected ? (
        <ProductBrowser key={selected} scope={{ category: selected }} view="table" viewPath={() => `/price-list/`} />
      ) : (
        <Loading />
      )}
    </>
  );
}
