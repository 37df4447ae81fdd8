import AddIcon from '@mui/icons-material/Add';
import DeleteOutline from '@mui/icons-material/DeleteOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ListPagination } from '../../components/ListPagination';
import { EmptyState, ErrorState, Loading } from '../../components/States';
import { useUrlPaging } from '../../lib/list-params';
import { notifyError, notifySuccess } from '../../lib/notify';
import { adminListQuery, useDeleteContent, type DeleteMethod, type ListMethod } from './api';

const ROWS_OPTIONS = [10, 25, 50, 100];

export interface Column<T> {
  label: string;
  render: (item: T) => ReactNode;
  /** Hidden on a phone. */
  wide?: boolean;
}

/**
 * One kind of content as an administrator's table: search, pages, an «Добавить» button, edit and delete
 * (asked first) on every row. The editor dialog is the caller's; it gets the item (null = a new one).
 */
export function AdminList<T extends { id: number }>({
  list,
  remove,
  columns,
  nameOf,
  editor,
}: {
  list: ListMethod;
  remove: DeleteMethod;
  columns: Array<Column<T>>;
  nameOf: (item: T) => string;
  editor: (props: { item: T | null; onClose: () => void; onSaved: () => void }) => ReactNode;
}) {
  const { t } = useTranslation('contentAdmin');
  const [params, setParams] = useSearchParams();
  const paging = useUrlPaging(ROWS_OPTIONS, 10);
  const { page, size } = paging;
  const search = params.get('q') ?? '';
  const [typed, setTyped] = useState(search);
  const [editing, setEditing] = useState<T | null | undefined>(undefined);
  const [deleting, setDeleting] = useState<T | null>(null);
  const [busy, setBusy] = useState(false);
  const update = (patch: Record<string, string>) => {
    const next = new URLSearchParams(params);
    for (const [k, v] of Object.entries(patch)) {
      if (v) next.set(k, v);
      else next.delete(k);
    }
    setParams(next, { replace: true });
  };
  // The search is sent once typing pauses.
  useEffect(() => {
    const timer = setTimeout(() => {
      if (typed.trim() !== search) update({ q: typed.trim(), page: '' });
    }, 300);
    return () => clearTimeout(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [typed]);
  const query = useQuery(adminListQuery<T>(list, page, size, search));
  const deleteItem = useDeleteContent(list, remove);
  const confirmDelete = async () => {
    if (!deleting) return;
    setBusy(true);
    try {
      await deleteItem.mutateAsync(deleting.id);
      notifySuccess(t('content.deleted'));
      setDeleting(null);
    } catch (e) {
      notifyError(e);
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <Box sx={{ display: 'flex', gap: 2, mb: 2, flexWrap: 'wrap', alignItems: 'center' }}>
        <TextField
          size="small"
          type="search"
          label={t('content.search')}
          value={typed}
          onChange={(e) => setTyped(e.target.value)}
          sx={{ flex: '1 1 220px', maxWidth: 400 }}
        />
        <Button variant="contained" startIcon={<AddIcon />} onClick={() => setEditing(null)}>
          {t('content.create')}
        </Button>
      </Box>
      {query.isPending ? (
        <Loading />
      ) : query.isError ? (
        <ErrorState error={query.error} onRetry={() => void query.refetch()} />
      ) : query.data.count === 0 ? (
        <Paper variant="outlined">
          <EmptyState title={search ? t('content.notFound') : t('content.empty')}>
            {!search && <Typography>{t('content.emptyText')}</Typography>}
          </EmptyState>
        </Paper>
      ) : (
        <Paper variant="outlined">
          <TableContainer>
            <Table size="small">
              <TableHead>
                <TableRow>
                  {columns.map((c) => (
                    <TableCell key={c.label} sx={c.wide ? { display: { xs: 'none', md: 'table-cell' } } : undefined}>
                      {c.label}
                    </TableCell>
                  ))}
                  <TableCell align="right">{t('content.actions')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {query.data.items.map((item) => (
                  <TableRow key={item.id} hover>
                    {columns.map((c) => (
                      <TableCell
                        key={c.label}
                        sx={{
                          overflowWrap: 'anywhere',
                          ...(c.wide ? { display: { xs: 'none', md: 'table-cell' } } : {}),
                        }}
                      >
                        {c.render(item)}
                      </TableCell>
                    ))}
                    <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                      <IconButton aria-label={`${t('content.edit')}: ${nameOf(item)}`} onClick={() => setEditing(item)}>
                        <EditOutlined />
                      </IconButton>
                      <IconButton
                        aria-label={`${t('content.delete')}: ${nameOf(item)}`}
                        color="error"
                        onClick={() => setDeleting(item)}
                      >
                        <DeleteOutline />
                      </IconButton>
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
          <ListPagination count={query.data.count} {...paging} />
        </Paper>
      )}
      {editing !== undefined &&
        editor({
          item: editing,
          onClose: () => setEditing(undefined),
          // The save hook has marked the list stale (api.ts).
          onSaved: () => setEditing(undefined),
        })}
      <Dialog open={deleting !== null} onClose={() => setDeleting(null)} aria-labelledby="content-delete-title">
        <DialogTitle id="content-delete-title">
          {t('content.deleteTitle', { name: deleting ? nameOf(deleting) : '' })}
        </DialogTitle>
        <DialogContent>{t('content.deleteText')}</DialogContent>
        <DialogActions>
          <Button onClick={() => setDeleting(null)}>{t('common:cancel')}</Button>
          <Button color="error" variant="contained" disabled={busy} onClick={() => void confirmDelete()}>
            {t('content.delete')}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
