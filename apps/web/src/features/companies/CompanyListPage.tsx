import Add from '@mui/icons-material/Add';
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
import { Link as RouterLink } from 'react-router';
import { PageHeader } from '../../components/PageHeader';
import { EmptyState, ErrorState, Loading } from '../../components/States';
import { companyListQuery } from './api';

/** 'Юридические лица': the dealer's companies with their requisites. */
export default function CompanyListPage() {
  const { t } = useTranslation('companies');
  const list = useQuery(companyListQuery);
  return (
    <>
      <PageHeader
        title={t('title')}
        actions={
          <Button variant="contained" startIcon={<Add />} component={RouterLink} to="/company/create/">
            {t('create')}
          </Button>
        }
      />
      {list.isPending ? (
        <Loading />
      ) : list.isError ? (
        <ErrorState error={list.error} onRetry={() => void list.refetch()} />
      ) : list.data.items.length === 0 ? (
        <Paper>
          <EmptyState title={t('empty')}>{t('emptyHint')}</EmptyState>
        </Paper>
      ) : (
        <TableContainer component={Paper}>
          <Table size="small">
            <TableHead>
              <TableRow>
                <TableCell>{t('field.name')}</TableCell>
                <TableCell>{t('field.inn')}</TableCell>
                <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>{t('field.kpp')}</TableCell>
                <TableCell sx={{ display: { xs: 'none', md: 'table-cell' } }}>{t('field.legalAddress')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {list.data.items.map((c) => (
                <TableRow key={c.id} hover>
                  <TableCell>
                    <Link component={RouterLink} to={`/company/${c.id}/`}>
                      {c.name}
                    </Link>
                  </TableCell>
                  <TableCell>{c.inn}</TableCell>
                  <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>{c.kpp}</TableCell>
                  <TableCell sx={{ display: { xs: 'none', md: 'table-cell' } }}>{c.legalAddress}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
    </>
  );
}
