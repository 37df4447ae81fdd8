import { SUPPORT_FORM_CODE } from '@portal/contract';
import Add from '@mui/icons-material/Add';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { PageHeader } from '../../components/PageHeader';
import { ListState } from '../../components/States';
import { UrlPagination } from '../../components/UrlPagination';
import { useCurrentUser } from '../../lib/current-user';
import { formatDate } from '../../lib/format';
import { answerListQuery, isStaff } from './api';
import { AnswerStatusChip } from './AnswerStatusChip';

function num(v: string | null, fallback: number) {
  const n = Number(v);
  return Number.isInteger(n) && n >= 1 ? n : fallback;
}

/** 'Мои обращения': answers of the USER_SUPPORT form (every appeal for staff). */
export default function SupportListPage() {
  const { t } = useTranslation('forms');
  const user = useCurrentUser().data;
  const [params] = useSearchParams();
  const page = num(params.get('page'), 1);
  const size = params.get('size') === '-1' ? -1 : num(params.get('size'), 60);
  const list = useQuery(answerListQuery(page, size, SUPPORT_FORM_CODE));
  const staff = isStaff(user);
  return (
    <Box>
      <PageHeader
        title={t('support.title')}
        actions={
          <Button variant="contained" startIcon={<Add />} component={RouterLink} to="/support/create/">
            {t('support.create')}
          </Button>
        }
      />
      <ListState query={list} emptyTitle={t('support.empty')} emptyText={t('support.emptyText')}>
        {(data) => (
          <Paper>
            <TableContainer>
              <Table size="small" aria-label={t('support.title')}>
                <TableHead>
                  <TableRow>
                    <TableCell>{t('field.title')}</TableCell>
                    <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>{t('field.date')}</TableCell>
                    {staff && (
                      <TableCell sx={{ display: { xs: 'none', md: 'table-cell' } }}>{t('field.author')}</TableCell>
                    )}
                    <TableCell>{t('field.status')}</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {data.items.map((a) => (
                    <TableRow key={a.id} hover>
                      <TableCell sx={{ overflowWrap: 'anywhere' }}>
                        <Link component={RouterLink} to={`/support/${a.id}/`}>
                          {a.title}
                        </Link>
                      </TableCell>
                      <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>
                        {formatDate(a.date, true)}
                      </TableCell>
                      {staff && <TableCell sx={{ display: { xs: 'none', md: 'table-cell' } }}>{a.user.name}</TableCell>}
                      <TableCell>
                        <AnswerStatusChip answer={a} />
                      </TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </TableContainer>
            <UrlPagination count={data.count} />
          </Paper>
        )}
      </ListState>
    </Box>
  );
}
