import PersonAddIcon from '@mui/icons-material/PersonAdd';
import SearchIcon from '@mui/icons-material/Search';
import WarningIcon from '@mui/icons-material/WarningAmberOutlined';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Box from '@mui/material/Box';
import FormControl from '@mui/material/FormControl';
import InputAdornment from '@mui/material/InputAdornment';
import InputLabel from '@mui/material/InputLabel';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Select from '@mui/material/Select';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { GROUP_CODES, USER_STATUSES, type GroupCode, type UserStatus } from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { useDeferredValue, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { ListPagination } from '../../components/ListPagination';
import { PageHeader } from '../../components/PageHeader';
import { EmptyState, ErrorState, Loading } from '../../components/States';
import { formatDate } from '../../lib/format';
import { userListQuery } from './api';
import { EditUserDialog } from './EditUserDialog';
import { innProblem } from './inn-check';
import { StatusChip } from './StatusChip';
import { useUrlPaging } from '../../lib/list-params';

const ROWS_OPTIONS = [10, 25, 50, 100, -1];
/** Columns a phone leaves out: the name, company and status stay. */
const WIDE_ONLY = { display: { xs: 'none', md: 'table-cell' } } as const;
// A phone shows the name and the status; the company from a tablet on.
const FROM_TABLET = { display: { xs: 'none', sm: 'table-cell' } } as const;

/** '/user/': administrators' list; pending registrations come first; search, group and status filters. */
export default function UserListPage() {
  const { t } = useTranslation('users');
  const [params, setParams] = useSearchParams();
  const search = params.get('search') ?? '';
  const group = (params.get('group') ?? '') as GroupCode | '';
  const status = (params.get('status') ?? '') as UserStatus | '';
  const paging = useUrlPaging(ROWS_OPTIONS, 10);
  const { page, size } = paging;
  const deferredSearch = useDeferredValue(search.trim());
  const filter = {
    ...(deferredSearch ? { search: deferredSearch } : {}),
    ...(group ? { group } : {}),
    ...(status ? { status } : {}),
  };
  const list = useQuery(userListQuery({ page, size, filter }));
  const [creating, setCreating] = useState(false);
  const update = (patch: Record<string, string>) => {
    const next = new URLSearchParams(params);
    for (const [k, v] of Object.entries(patch)) {
      if (v) next.set(k, v);
      else next.delete(k);
    }
    next.delete('page');
    setParams(next, { replace: true });
  };
  return (
    <>
      <PageHeader
        title={t('list.title')}
        actions={
          <Button variant="contained" startIcon={<PersonAddIcon />} onClick={() => setCreating(true)}>
            {t('list.create')}
          </Button>
        }
      />
      {creating && <EditUserDialog open onClose={() => setCreating(false)} />}
      <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', mb: 2 }}>
        <TextField
          label={t('list.search')}
          value={search}
          onChange={(e) => update({ search: e.target.value })}
          sx={{ flex: '1 1 280px' }}
          slotProps={{
            input: {
              startAdornment: (
                <InputAdornment position="start">
                  <SearchIcon />
                </InputAdornment>
              ),
            },
          }}
        />
        <FormControl size="small" sx={{ minWidth: 160, flex: '1 1 160px', maxWidth: { md: 220 } }}>
          <InputLabel id="user-group">{t('list.group')}</InputLabel>
          <Select
            labelId="user-group"
            label={t('list.group')}
            value={group}
            onChange={(e) => update({ group: e.target.value })}
          >
            <MenuItem value="">{t('list.any')}</MenuItem>
            {GROUP_CODES.map((g) => (
              <MenuItem key={g} value={g}>
                {t(`groups.${g}`)}
              </MenuItem>
            ))}
          </Select>
        </FormControl>
        <FormControl size="small" sx={{ minWidth: 160, flex: '1 1 160px', maxWidth: { md: 220 } }}>
          <InputLabel id="user-status">{t('list.status')}</InputLabel>
          <Select
            labelId="user-status"
            label={t('list.status')}
            value={status}
            onChange={(e) => update({ status: e.target.value })}
          >
            <MenuItem value="">{t('list.any')}</MenuItem>
            {USER_STATUSES.map((s) => (
              <MenuItem key={s} value={s}>
                {t(`status.${s}`)}
              </MenuItem>
            ))}
          </Select>
        </FormControl>
      </Box>
      <Paper>
        {list.isPending ? (
          <Loading />
        ) : list.isError ? (
          <ErrorState error={list.error} onRetry={() => void list.refetch()} />
        ) : list.data.items.length === 0 ? (
          <EmptyState title={t('list.empty')} />
        ) : (
          <>
            <TableContainer>
              <Table size="small">
                <TableHead>
                  <TableRow>
                    <TableCell>{t('fields.name')}</TableCell>
                    <TableCell sx={WIDE_ONLY}>{t('fields.login')}</TableCell>
                    <TableCell sx={FROM_TABLET}>{t('fields.company')}</TableCell>
                    <TableCell sx={WIDE_ONLY}>{t('fields.groups')}</TableCell>
                    <TableCell>{t('fields.status')}</TableCell>
                    <TableCell sx={WIDE_ONLY}>{t('fields.createdAt')}</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {list.data.items.map((u) => (
                    <TableRow key={u.id} hover>
                      <TableCell>
                        <Link component={RouterLink} to={`/user/${u.id}/`}>
                          {u.fullName}
                        </Link>
                        {innProblem(u.inn) && (
                          <Tooltip title={innProblem(u.inn)}>
                            <Chip
                              size="small"
                              color="warning"
                              variant="outlined"
                              icon={<WarningIcon />}
                              label={t('list.innBad')}
                              data-testid="inn-bad"
                              sx={{ ml: 1, height: 22 }}
                            />
                          </Tooltip>
                        )}
                        <Typography variant="body2" color="text.secondary">
                          {u.email}
                        </Typography>
                      </TableCell>
                      <TableCell sx={WIDE_ONLY}>{u.login}</TableCell>
                      <TableCell sx={FROM_TABLET}>
                        {u.company}
                        {u.inn && (
                          <Typography variant="body2" color="text.secondary">
                            {t('fields.inn')} {u.inn}
                          </Typography>
                        )}
                      </TableCell>
                      <TableCell sx={WIDE_ONLY}>
                        {u.groups.map((g) => t(`groups.${g}`, { defaultValue: g })).join(', ')}
                      </TableCell>
                      <TableCell>
                        <StatusChip status={u.status} />
                      </TableCell>
                      <TableCell sx={WIDE_ONLY}>{formatDate(u.createdAt)}</TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </TableContainer>
            <ListPagination count={list.data.count} {...paging} />
          </>
        )}
      </Paper>
    </>
  );
}
