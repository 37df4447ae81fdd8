import type { WishStatus } from '@portal/contract';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { UrlListTable } from '../../components/UrlList';
import { ListHeader } from '../../components/ListHeader';
import { useCurrentUser } from '../../lib/current-user';
import { formatDate } from '../../lib/format';
import { isStaff, wishListQuery } from './api';
import { ReplacedBy } from './ReplacedBy';
import { WishStatusChip } from './WishStatusChip';
import { dealerCompanyFromQuery, pageFromQuery, sizeFromQuery } from '../../lib/list-params';

const STATUSES: WishStatus[] = ['SUCCESS', 'PROCESSING', 'ERROR'];

/** 'Мои заявки по номерам деталей'. */
export default function WishesPage() {
  const { t } = useTranslation('wishes');
  const { t: tc } = useTranslation();
  const user = useCurrentUser().data;
  const [params] = useSearchParams();
  const page = pageFromQuery(params.get('page'));
  const size = sizeFromQuery(params.get('size'));
  const status = STATUSES.find((s) => s === params.get('status'));
  const staff = isStaff(user);
  const byDealer = staff ? dealerCompanyFromQuery(params) : {};
  const filtered = Boolean(byDealer.dealer || byDealer.company);
  const list = useQuery(wishListQuery(page, size, status, byDealer));

  return (
    <Box>
      <ListHeader
        title={staff ? t('staffTitle') : t('title')}
        create={user?.permissions.wishes.create === 1 && { to: '/wishes/create/', label: t('create') }}
        dealerFilter={staff}
        filter={{
          name: 'status',
          label: t('filter.status'),
          allLabel: t('filter.all'),
          options: STATUSES.map((s) => ({ value: s, label: t(`status.${s}`) })),
        }}
      />
      <UrlListTable
        query={list}
        label={staff ? t('staffTitle') : t('title')}
        emptyTitle={filtered ? tc('staffFilter.emptyTitle') : staff ? t('staffEmpty.title') : t('empty.title')}
        emptyText={filtered ? tc('staffFilter.emptyText') : staff ? t('staffEmpty.text') : t('empty.text')}
        rowProps={() => ({ 'data-testid': 'wish-row' })}
        columns={[
          {
            header: t('field.article'),
            cell: (w) => (
              <Link component={RouterLink} to={`/wishes/${w.id}/`}>
                {w.article}
              </Link>
            ),
          },
          { header: t('field.count'), align: 'right', cell: (w) => w.count },
          { header: t('field.model'), from: 'md', cell: (w) => w.model },
          { header: t('field.date'), from: 'sm', cell: (w) => formatDate(w.dateCreate) },
          staff && { header: t('field.dealer'), from: 'sm', cell: (w) => w.userName },
          staff && { header: t('field.company'), from: 'md', cell: (w) => w.company },
          {
            header: t('field.status'),
            cell: (w) => (
              <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
                <WishStatusChip status={w.status} />
                {w.productId && (
                  <Link component={RouterLink} to={`/product/${w.productId}`} variant="body2">
                    {t('toProduct')}
                  </Link>
                )}
                <ReplacedBy parts={w.replaced} />
              </Box>
            ),
          },
        ]}
      />
    </Box>
  );
}
