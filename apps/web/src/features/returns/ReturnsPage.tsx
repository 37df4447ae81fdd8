import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, Outlet, useNavigate, useSearchParams } from 'react-router';
import { UrlListTable } from '../../components/UrlList';
import { ListHeader } from '../../components/ListHeader';
import { RefLink } from '../../components/RefLink';
import { useCurrentUser } from '../../lib/current-user';
import { formatDate } from '../../lib/format';
import { canFileReturns, isStaff, returnFieldsQuery, returnListQuery } from './api';
import { StatusChip } from './components';
import { dealerCompanyFromQuery, pageFromQuery, sizeFromQuery } from '../../lib/list-params';

/** 'Возврат товара': the dealer's returns (every return for staff); dialogs open over it. */
export default function ReturnsPage() {
  const { t } = useTranslation('returns');
  const { t: tc } = useTranslation();
  const navigate = useNavigate();
  const user = useCurrentUser().data;
  const [params] = useSearchParams();
  const page = pageFromQuery(params.get('page'));
  const size = sizeFromQuery(params.get('size'));
  const status = params.get('status') ?? undefined;
  const staff = isStaff(user);
  const byDealer = staff ? dealerCompanyFromQuery(params) : {};
  const filtered = Boolean(byDealer.dealer || byDealer.company);
  const list = useQuery(returnListQuery(page, size, status, byDealer));
  const statuses = useQuery(returnFieldsQuery()).data?.statuses ?? [];

  return (
    <Box>
      <ListHeader
        title={staff ? t('staffTitle') : t('title')}
        create={canFileReturns(user) && { to: '/returns/orders/', label: t('create') }}
        dealerFilter={staff}
        filter={{
          name: 'status',
          label: t('field.status'),
          allLabel: t('allStatuses'),
          options: statuses.map((s) => ({ value: s.code, label: s.name })),
        }}
      />
      <UrlListTable
        query={list}
        label={staff ? t('staffTitle') : t('title')}
        emptyTitle={filtered ? tc('staffFilter.emptyTitle') : staff ? t('staffEmpty.title') : t('empty.title')}
        emptyText={filtered ? tc('staffFilter.emptyText') : staff ? t('staffEmpty.text') : t('empty.text')}
        rowProps={(r) => ({ sx: { cursor: 'pointer' }, onClick: () => void navigate(`/returns/${r.id}/`) })}
        columns={[
          {
            header: t('field.number'),
            cell: (r) => (
              <Link component={RouterLink} to={`/returns/${r.id}/`} onClick={(e) => e.stopPropagation()}>
                {r.id}
              </Link>
            ),
          },
          { header: t('field.date'), from: 'sm', cell: (r) => formatDate(r.dateCreate) },
          {
            header: t('field.product'),
            cell: (r) => (
              <>
                <Typography variant="body2">{r.product.name}</Typography>
                <Typography variant="caption" sx={{ color: 'text.secondary' }}>
                  {r.product.article}
                </Typography>
              </>
            ),
          },
          {
            header: t('field.order'),
            from: 'md',
            cell: (r) => (
              <RefLink kind="order" id={r.order.id}>
                {r.order.title}
              </RefLink>
            ),
          },
          // A phone shows the number, the product and the status; the rest from a tablet on.
          { header: t('field.quantity'), align: 'right', from: 'sm', cell: (r) => r.quantity },
          staff && { header: t('field.dealer'), from: 'sm', cell: (r) => r.user.name },
          staff && { header: t('field.company'), from: 'md', cell: (r) => r.company },
          { header: t('field.status'), cell: (r) => <StatusChip status={r.status} /> },
        ]}
      />
      <Outlet />
    </Box>
  );
}
