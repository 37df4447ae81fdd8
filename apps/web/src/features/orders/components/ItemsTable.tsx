import type { OrderItem } from '@portal/contract';
import Box from '@mui/material/Box';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { money, qty } from '../../../lib/format';

/** The order's lines; `action` adds a last column (the order detail's «Вернуть» of a shipped order). */
export function ItemsTable({ items, action }: { items: OrderItem[]; action?: (item: OrderItem) => ReactNode }) {
  const { t } = useTranslation('orders');
  return (
    <TableContainer>
      <Table size="small" sx={{ '& .MuiTableCell-root': { px: { xs: 0.75, sm: 2 } } }}>
        <TableHead>
          <TableRow>
            <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>№</TableCell>
            <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>{t('col.article')}</TableCell>
            <TableCell>{t('col.product')}</TableCell>
            <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
              {t('col.quantity')}
            </TableCell>
            <TableCell align="right" sx={{ display: { xs: 'none', sm: 'table-cell' } }}>
              {t('col.price')}
            </TableCell>
            <TableCell align="right">{t('col.sum')}</TableCell>
            {action && <TableCell padding="checkbox" />}
          </TableRow>
        </TableHead>
        <TableBody>
          {items.map((i, n) => (
            <TableRow key={i.id} data-testid="order-line">
              <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>{n + 1}</TableCell>
              <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' }, whiteSpace: 'nowrap' }}>
                {i.article}
              </TableCell>
              <TableCell>
                <Box component="span" sx={{ display: { sm: 'none' }, fontWeight: 600 }}>
                  {i.article}{' '}
                </Box>
                {i.name}
              </TableCell>
              <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                {qty(i.quantity, i.unit)}
              </TableCell>
              <TableCell align="right" sx={{ display: { xs: 'none', sm: 'table-cell' }, whiteSpace: 'nowrap' }}>
                {money(i.price, i.currency as 'RUB')}
              </TableCell>
              <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                {money(i.sum, i.currency as 'RUB')}
              </TableCell>
              {action && <TableCell padding="checkbox">{action(i)}</TableCell>}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
