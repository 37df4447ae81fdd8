import { DATA_TABLE_ROW_OPTIONS, type BasketItem } from '@portal/contract';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import PrintOutlined from '@mui/icons-material/PrintOutlined';
import ShoppingCartCheckout from '@mui/icons-material/ShoppingCartCheckout';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import { ListPagination } from '../../components/ListPagination';
import { PageHeader } from '../../components/PageHeader';
import { EmptyState, ErrorState, Loading } from '../../components/States';
import { setActiveBasketId } from '../../lib/active-basket';
import { ProductArrivalSlot } from '../../lib/slots';
import { money } from '../../lib/format';
import { notifyError } from '../../lib/notify';
import {
  basketAlternativesQuery,
  basketItemsQuery,
  basketQuery,
  useDeleteBasketLine,
  useUpdateBasketLine,
} from './api';
import { AlternativesDialog } from './components/AlternativesDialog';
import { Availability } from './components/Availability';
import { Confirm } from './components/Confirm';
import { belowMinimum, MinimumNotice } from './components/MinimumNotice';
import { QuantityCell } from './components/QuantityCell';
import { ShortLineNote, ShortLinesNotice } from './components/ShortLines';
import { Totals } from './components/Totals';
import { VirtualBody } from './components/VirtualBody';

/** «Все» rows of a longer basket are virtualised (decision 222); a page of at most 100 renders as it is. */
const VIRTUAL_FROM = 100;
const hide = { display: { xs: 'none', md: 'table-cell' } };
const hideXs = { display: { xs: 'none', sm: 'table-cell' } };

/** One basket as an editable table: quantity, price, sum, availability per warehouse, remove, totals. */
export default function BasketPage() {
  const { t } = useTranslation('baskets');
  const id = Number(useParams().id);
  const navigate = useNavigate();
  const basket = useQuery(basketQuery(id));
  const items = useQuery(basketItemsQuery(id));
  const [paging, setPaging] = useState({ page: 1, size: 50 });
  const [toDelete, setToDelete] = useState<BasketItem | null>(null);
  // Short lines and their alternatives (decision 206): asked beside the lines, only once there are lines.
  const alternatives = useQuery({ ...basketAlternativesQuery(id), enabled: (items.data?.count ?? 0) > 0 });
  const [choosing, setChoosing] = useState<BasketItem | null>(null);

  const updateLine = useUpdateBasketLine(id);
  const deleteLine = useDeleteBasketLine();
  const update = async (item: BasketItem, amount: number) => {
    try {
      await updateLine.mutateAsync({ id: item.id, amount });
    } catch (err) {
      notifyError(err);
    }
  };
  const remove = async (item: BasketItem) => {
    try {
      await deleteLine.mutateAsync(item.id);
    } catch (err) {
      notifyError(err);
    }
  };

  if (basket.isPending || items.isPending) return <Loading />;
  if (basket.isError) return <ErrorState error={basket.error} onRetry={() => void basket.refetch()} />;
  if (items.isError) return <ErrorState error={items.error} onRetry={() => void items.refetch()} />;
  const all = items.data.items;
  const stores = new Map(items.data.stores.map((s) => [s.id, s]));
  const { page, size } = paging;
  const rows = size === -1 ? all : all.slice((page - 1) * size, page * size);
  const shorts = alternatives.data?.items ?? [];
  const shortOf = new Map(shorts.map((s) => [s.line, s]));
  const choosingShort = choosing ? shortOf.get(choosing.id) : undefined;

  const line = (item: BasketItem, extra: Record<string, unknown> = {}) => (
    <TableRow key={item.id} hover data-testid="basket-line" {...extra}>
      <TableCell sx={{ ...hideXs, whiteSpace: 'nowrap' }}>{item.article}</TableCell>
      <TableCell>
        <Typography variant="body2" sx={{ display: { sm: 'none' }, fontWeight: 600 }}>
          {item.article}
        </Typography>
        {item.productName}
        <Typography variant="body2" color="text.secondary">
          {item.brand}
        </Typography>
        {shortOf.has(item.id) && <ShortLineNote short={shortOf.get(item.id)!} onOpen={() => setChoosing(item)} />}
        {(item.availability !== 'Y' || shortOf.has(item.id)) && (
          <ProductArrivalSlot productId={item.product} needed={item.amount} compact />
        )}
      </TableCell>
      <TableCell sx={hide}>
        <Availability item={item} stores={stores} />
      </TableCell>
      <TableCell>
        <QuantityCell
          value={item.amount}
          label={t('quantityOf', { name: item.article })}
          min={item.minQuantity}
          onCommit={(n) => void update(item, n)}
        />
      </TableCell>
      <TableCell align="right" sx={{ ...hide, whiteSpace: 'nowrap' }}>
        {item.priceBuy ? money(item.priceBuy.value, item.priceBuy.currency) : t('noPrice')}
      </TableCell>
      <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
        {item.sum ? money(item.sum.value, item.sum.currency) : '—'}
      </TableCell>
      <TableCell padding="checkbox">
        <IconButton aria-label={t('removeLine', { name: item.article })} onClick={() => setToDelete(item)}>
          <DeleteOutlined />
        </IconButton>
      </TableCell>
    </TableRow>
  );

  return (
    <>
      <PageHeader
        title={basket.data.name}
        crumbs={[{ label: t('listTitle'), to: '/basket/' }]}
        actions={
          <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
            <Button component={RouterLink} to={`/basket/${id}/print/`} startIcon={<PrintOutlined />}>
              {t('print')}
            </Button>
            <Button
              variant="contained"
              startIcon={<ShoppingCartCheckout />}
              disabled={all.length === 0 || belowMinimum(all).length > 0}
              onClick={() => {
                setActiveBasketId(id);
                void navigate('/order/create/');
              }}
            >
              {t('checkout')}
            </Button>
          </Box>
        }
      />
      <Paper>
        {all.length === 0 ? (
          <EmptyState title={t('empty')}>
            <Typography>{t('emptyHint')}</Typography>
            <Box sx={{ display: 'flex', gap: 1, justifyContent: 'center', mt: 2, flexWrap: 'wrap' }}>
              <Button component={RouterLink} to="/basket/create/" onClick={() => setActiveBasketId(id)}>
                {t('byNumbers')}
              </Button>
              <Button component={RouterLink} to="/basket/xml" onClick={() => setActiveBasketId(id)}>
                {t('byFile')}
              </Button>
              <Button component={RouterLink} to="/catalog/">
                {t('toCatalog')}
              </Button>
            </Box>
          </EmptyState>
        ) : (
          <>
            <MinimumNotice items={all} />
            <ShortLinesNotice items={all} shorts={shorts} />
            <TableContainer>
              <Table
                size="small"
                aria-label={basket.data.name}
                sx={{ '& .MuiTableCell-root': { px: { xs: 0.75, sm: 2 } } }}
              >
                <TableHead>
                  <TableRow>
                    <TableCell sx={hideXs}>{t('col.article')}</TableCell>
                    <TableCell>{t('col.product')}</TableCell>
                    <TableCell sx={hide}>{t('col.availability')}</TableCell>
                    <TableCell>{t('col.quantity')}</TableCell>
                    <TableCell align="right" sx={hide}>
                      {t('col.price')}
                    </TableCell>
                    <TableCell align="right">{t('col.sum')}</TableCell>
                    <TableCell />
                  </TableRow>
                </TableHead>
                {size === -1 && all.length > VIRTUAL_FROM ? (
                  <VirtualBody
                    items={all}
                    row={(item, v, measure) => line(item, { ref: measure, 'data-index': v.index })}
                  />
                ) : (
                  <TableBody>{rows.map((item) => line(item))}</TableBody>
                )}
              </Table>
            </TableContainer>
            <ListPagination
              count={all.length}
              {...paging}
              sizes={DATA_TABLE_ROW_OPTIONS}
              onChange={(page, size) => setPaging({ page, size })}
            />
            <Totals basket={basket.data} />
          </>
        )}
      </Paper>
      {choosing && choosingShort && (
        <AlternativesDialog basketId={id} item={choosing} short={choosingShort} onClose={() => setChoosing(null)} />
      )}
      <Confirm
        open={toDelete !== null}
        title={t('removeTitle')}
        text={t('removeText', { name: toDelete ? `${toDelete.article} ${toDelete.productName}` : '' })}
        onConfirm={() => toDelete && void remove(toDelete)}
        onClose={() => setToDelete(null)}
      />
    </>
  );
}
