import type { ResolveResult } from '@portal/contract';
import AddShoppingCart from '@mui/icons-material/AddShoppingCart';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
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
import Typography from '@mui/material/Typography';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MissingParts } from '../../../components/MissingParts';
import { money, num } from '../../../lib/format';
import { message } from '../../../lib/i18n';

const STATUS_COLOR = { found: 'success', several: 'warning', notFound: 'error', invalid: 'error' } as const;
const VISIBLE = 500;
const wide = { display: { xs: 'none', sm: 'table-cell' } };

interface Choice {
  product: number | null;
  quantity: string;
  on: boolean;
}

/**
 * The per-line report of a quick order or an import: found, several candidates to choose from, not
 * found, invalid — with row numbers, availability and price; the chosen lines go to the basket at once.
 * The numbers not found are listed above the table, one click files them as a wishes request.
 */
export function ResolvePreview({
  result,
  busy,
  onAdd,
}: {
  result: ResolveResult;
  busy: boolean;
  onAdd: (lines: Array<{ product: number; quantity: number }>) => void;
}) {
  const { t } = useTranslation('baskets');
  const initial = useMemo(
    () =>
      result.lines.map<Choice>((l) => ({
        product: l.status === 'found' ? (l.candidates[0]?.productId ?? null) : null,
        quantity: String(l.quantity ?? 1),
        on: l.status === 'found',
      })),
    [result],
  );
  const [choices, setChoices] = useState(initial);
  const [showAll, setShowAll] = useState(false);
  const set = (i: number, patch: Partial<Choice>) =>
    setChoices((c) => c.map((x, k) => (k === i ? { ...x, ...patch } : x)));
  const chosen = choices
    .filter(
      (c) =>
        c.on &&
        c.product !== null &&
        /^\d+$/.test(c.quantity) &&
        Number(c.quantity) >= 1 &&
        Number(c.quantity) <= 10000,
    )
    .map((c) => ({ product: c.product!, quantity: Number(c.quantity) }));
  const lines = showAll ? result.lines : result.lines.slice(0, VISIBLE);

  return (
    <Paper sx={{ mt: 2 }}>
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center', p: 2 }} data-testid="resolve-summary">
        <Chip color="success" label={t('resolve.found', { count: result.found })} />
        <Chip color="warning" label={t('resolve.several', { count: result.several })} />
        <Chip color="error" variant="outlined" label={t('resolve.notFound', { count: result.notFound })} />
        {result.invalid > 0 && (
          <Chip color="error" variant="outlined" label={t('resolve.invalid', { count: result.invalid })} />
        )}
        {result.sheet && <Typography color="text.secondary">{t('resolve.sheet', { name: result.sheet })}</Typography>}
        <Box sx={{ flexGrow: 1 }} />
        <Button
          variant="contained"
          startIcon={<AddShoppingCart />}
          disabled={busy || chosen.length === 0}
          onClick={() => onAdd(chosen)}
        >
          {t('resolve.add', { count: chosen.length })}
        </Button>
      </Box>
      {result.notFound > 0 && (
        <Box sx={{ px: 2, pb: 2 }}>
          <MissingParts
            items={result.lines
              .filter((l) => l.status === 'notFound')
              .map((l) => ({ article: l.article, count: l.quantity ?? 1 }))}
          />
        </Box>
      )}
      <TableContainer>
        <Table size="small" sx={{ '& .MuiTableCell-root': { px: { xs: 0.5, sm: 2 } } }}>
          <TableHead>
            <TableRow>
              <TableCell padding="checkbox" />
              <TableCell sx={wide}>{t('resolve.row')}</TableCell>
              <TableCell>{t('col.article')}</TableCell>
              <TableCell sx={wide}>{t('resolve.status')}</TableCell>
              <TableCell>{t('col.product')}</TableCell>
              <TableCell>{t('col.quantity')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {lines.map((l, i) => {
              const c = choices[i]!;
              const candidate = l.candidates.find((x) => x.productId === c.product);
              return (
                <TableRow key={`${l.row}-${i}`} data-testid="resolve-line">
                  <TableCell padding="checkbox">
                    <Checkbox
                      checked={c.on}
                      disabled={c.product === null}
                      onChange={(e) => set(i, { on: e.target.checked })}
                      slotProps={{ input: { 'aria-label': t('resolve.take', { article: l.article }) } }}
                    />
                  </TableCell>
                  <TableCell sx={wide}>{l.row}</TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>
                    {l.article}
                    <Box sx={{ display: { sm: 'none' }, mt: 0.5 }}>
                      <Chip size="small" color={STATUS_COLOR[l.status]} label={t(`resolve.status_${l.status}`)} />
                    </Box>
                  </TableCell>
                  <TableCell sx={wide}>
                    <Chip size="small" color={STATUS_COLOR[l.status]} label={t(`resolve.status_${l.status}`)} />
                    {l.message && (
                      <Typography variant="body2" color="error">
                        {message(l.message)}
                      </Typography>
                    )}
                  </TableCell>
                  <TableCell sx={{ minWidth: { sm: 220 } }}>
                    {l.status === 'several' ? (
                      <Select
                        size="small"
                        displayEmpty
                        value={c.product ?? ''}
                        onChange={(e) => set(i, { product: Number(e.target.value), on: true })}
                        inputProps={{ 'aria-label': t('resolve.choose', { article: l.article }) }}
                        sx={{ maxWidth: 360 }}
                      >
                        <MenuItem value="" disabled>
                          {t('resolve.choosePlaceholder')}
                        </MenuItem>
                        {l.candidates.map((x) => (
                          <MenuItem key={x.productId} value={x.productId}>
                            {x.article} — {x.name} ({x.brand}) {x.price ? money(x.price.value, x.price.currency) : ''}
                          </MenuItem>
                        ))}
                      </Select>
                    ) : candidate ? (
                      <>
                        {candidate.name}
                        {candidate.match === 'analogue' && (
                          <Chip size="small" sx={{ ml: 1 }} label={t('resolve.analogue')} />
                        )}
                      </>
                    ) : null}
                    {candidate && (
                      <Typography variant="body2" color="text.secondary">
                        {candidate.price ? money(candidate.price.value, candidate.price.currency) : t('noPrice')} ·{' '}
                        {t(`availability.${candidate.availability}`)} ({num(candidate.stock)})
                      </Typography>
                    )}
                  </TableCell>
                  <TableCell>
                    <TextField
                      size="small"
                      value={c.quantity}
                      error={!/^\d+$/.test(c.quantity) || Number(c.quantity) < 1 || Number(c.quantity) > 10000}
                      onChange={(e) => set(i, { quantity: e.target.value.trim() })}
                      slotProps={{
                        htmlInput: { inputMode: 'numeric', 'aria-label': t('quantityOf', { name: l.article }) },
                      }}
                      sx={{ width: { xs: 60, sm: 90 } }}
                    />
                  </TableCell>
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
      </TableContainer>
      {!showAll && result.lines.length > VISIBLE && (
        <Box sx={{ p: 2, textAlign: 'center' }}>
          <Button onClick={() => setShowAll(true)}>{t('resolve.showAll', { count: result.lines.length })}</Button>
        </Box>
      )}
    </Paper>
  );
}
