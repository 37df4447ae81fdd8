import { ANSWER_STATUSES, SUPPORT_FORM_CODE } from '@portal/contract';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { ListHeader } from '../../components/ListHeader';
import { UrlListTable } from '../../components/UrlList';
import { useCurrentUser } from '../../lib/current-user';
import { formatDate } from '../../lib/format';
import { answerListQuery, isStaff } from './api';
import { AnswerStatusChip } from './AnswerStatusChip';
import { dealerCompanyFromQuery, pageFromQuery, sizeFromQuery } from '../../lib/list-params';

/** 'Мои обращения': answers of the USER_SUPPORT form (every appeal for staff). */
export default function SupportListPage() {
  const { t } = useTranslation('forms');
  const { t: tc } = useTranslation();
  const user = useCurrentUser().data;
  const [params] = useSearchParams();
  const page = pageFromQuery(params.get('page'));
  const size = sizeFromQuery(params.get('size'));
  const status = ANSWER_STATUSES.find((s) => s === params.get('status'));
  const staff = isStaff(user);
  const byDealer = staff ? dealerCompanyFromQuery(params) : {};
  const filtered = Boolean(byDealer.dealer || byDealer.company);
  const list = useQuery(answerListQuery(page, size, SUPPORT_FORM_CODE, status, byDealer));
  return (
    <Box>
      <ListHeader
        title={staff ? t('support.staffTitle') : t('support.title')}
        create={!staff && { to: '/support/create/', label: t('support.create') }}
        dealerFilter={staff}
        filter={{
          name: 'status',
          label: t('field.status'),
          allLabel: t('allStatuses'),
          options: ANSWER_STATUSES.map((s) => ({ value: s, label: t(`status.${s}`) })),
        }}
      />
      <UrlListTable
        query={list}
        label={staff ? t('support.staffTitle') : t('support.title')}
        emptyTitle={filtered ? tc('staffFilter.emptyTitle') : staff ? t('support.staffEmpty') : t('support.empty')}
        emptyText={
          filtered ? tc('staffFilter.emptyText') : staff ? t('support.staffEmptyText') : t('support.emptyText')
        }
        columns={[
          {
            header: t('field.title'),
            sx: { overflowWrap: 'anywhere' },
            cell: (a) => (
              <Link component={RouterLink} to={`/support/${a.id}/`}>
                {a.title}
              </Link>
            ),
          },
          { header: t('field.date'), from: 'sm', cell: (a) => formatDate(a.date, true) },
          staff && { header: t('field.author'), from: 'sm', cell: (a) => a.user.name },
          staff && { header: t('field.company'), from: 'md', cell: (a) => a.company },
          { header: t('field.status'), cell: (a) => <AnswerStatusChip answer={a} /> },
        ]}
      />
    </Box>
  );
}
