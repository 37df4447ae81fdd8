import {
  MAX_ALTERNATIVE_LINES,
  ORDER_QUANTITY_MAX,
  type Alternative,
  type ResolvedLine,
  type ResolveResult,
  type ShortLine,
} from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import AddShoppingCart from '@mui/icons-material/AddShoppingCart';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
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
import Typography from '@mui/material/Typography';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { MissingParts } from '../../../components/MissingParts';
import { money, num } from '../../../lib/format';
import { message } from '../../../lib/i18n';
import { linesAlternativesQuery } from '../api';
import { AlternativesChooser } from './AlternativesChooser';
import { ShortLineNote } from './ShortLines';
import type { AddOutcome } from './use-add-lines';

const STATUS_COLOR = { found: 'success', several: 'warning', notFound: 'error', invalid: 'error' } as const;
const VISIBLE = 500;
const wide = { display: { xs: 'none', sm: 'table-cell' } };

interface Choice {
  product: number | null;
  quantity: string;
  on: boolean;
  /** Put into the basket by an earlier «Добавить» on this page. */
  added: boolean;
  /** «Заменить» (decision 206): the line adds this in-stock alternative instead of what it found. */
  swapped?: { from: number | null; quantity: string; alt: Alternative };
  /** «Разделить»: the line keeps what is in stock, and this much of the alternative goes with it. */
  extra?: { quantity: string; alt: Alternative; rest: number };
}

type Candidate = ResolvedLine['candidates'][number];

/** An alternative taken on a line, shown and priced like the line's own candidates. */
const altCandidate = (a: Alternative): Candidate => ({
  productId: a.productId,
  name: a.name,
  article: a.article,
  brand: a.brand,
  price: a.price,
  availability: 'Y',
  stock: a.stock,
  match: a.kind === 'REPLACEMENT' ? 'replacement' : 'analogue',
});

/**
 * The found lines' products with their quantities, one entry a product (its largest quantity), as
 * `basket-item/alternatives {lines}` takes them: only priced products, which could go to a basket.
 */
function askedLines(result: ResolveResult) {
  const most = new Map<number, number>();
  for (const l of result.lines) {
    const c = l.candidates[0];
    if (l.status !== 'found' || !c?.price || l.quantity === null || l.quantity < 1) continue;
    most.set(c.productId, Math.min(ORDER_QUANTITY_MAX, Math.max(most.get(c.productId) ?? 0, l.quantity)));
  }
  return [...most].slice(0, MAX_ALTERNATIVE_LINES).map(([product, amount]) => ({ product, amount }));
}

const quantityValid = (q: string) => /^\d+$/.test(q) && Number(q) >= 1 && Number(q) <= 10000;

/** What the line's status cell says beside the chip: a quantity not understood, an invalid line. */
function lineNote(l: ResolvedLine, t: TFunction<'baskets'>): string | null {
  if (!l.message) return null;
  if (l.status !== 'invalid' && l.message === 'validation.number')
    return t('resolve.quantityUnclear', { text: l.quantityText ?? '' });
  return message(l.message);
}

/**
 * The per-line report of a quick order or an import: found, several candidates to choose from, not
 * found, invalid — with row numbers, availability and price; the chosen lines go to the basket at once.
 * The numbers not found are listed above the table, one click files them as a wishes request. A found
 * line whose quantity was not understood asks for it; a line without a price cannot be taken and says
 * why; after an add the page stays, with a link to the basket (decision 191). A found line the warehouses
 * cannot fully supply says what is missing and offers its in-stock alternatives: «Заменить» takes the
 * alternative instead, «Разделить» keeps what is in stock and adds the rest as the alternative (decision 206).
 */
export function ResolvePreview({
  result,
  busy,
  onAdd,
}: {
  result: ResolveResult;
  busy: boolean;
  onAdd: (lines: Array<{ product: number; quantity: number }>) => Promise<AddOutcome | null> | void;
}) {
  const { t } = useTranslation('baskets');
  const initial = useMemo(
    () =>
      result.lines.map<Choice>((l) => ({
        product: l.status === 'found' ? (l.candidates[0]?.productId ?? null) : null,
        // A quantity that could not be read is asked for, not guessed (decision 191).
        quantity: l.quantity === null ? '' : String(l.quantity),
        on: l.status === 'found' && l.quantity !== null && Boolean(l.candidates[0]?.price),
        added: false,
      })),
    [result],
  );
  const [choices, setChoices] = useState(initial);
  const [showAll, setShowAll] = useState(false);
  const [outcome, setOutcome] = useState<AddOutcome | null>(null);
  const [choosing, setChoosing] = useState<number | null>(null);
  const asked = useMemo(() => askedLines(result), [result]);
  const alternatives = useQuery(linesAlternativesQuery(asked));
  const shortOf = useMemo(
    () => new Map((alternatives.data?.items ?? []).map((x) => [x.product, x])),
    [alternatives.data],
  );
  const set = (i: number, patch: Partial<Choice>) =>
    setChoices((c) => c.map((x, k) => (k === i ? { ...x, ...patch } : x)));
  const candidateOf = (i: number) => {
    const c = choices[i];
    if (c?.swapped && c.product === c.swapped.alt.productId) return altCandidate(c.swapped.alt);
    return result.lines[i]?.candidates.find((x) => x.productId === c?.product);
  };
  /** The line's shortage at its quantity now (the dealer may have changed it), or null when it is covered. */
  const shortFor = (i: number): ShortLine | null => {
    const c = choices[i];
    const s = c?.product ? shortOf.get(c.product) : undefined;
    if (!c || !s || c.swapped || c.extra || c.added || !quantityValid(c.quantity)) return null;
    const amount = Number(c.quantity);
    return amount > s.stock ? { ...s, amount, missing: amount - s.stock } : null;
  };
  // Only a line with a priced product can go to the basket: the server refuses the others.
  const takeable = (i: number) => Boolean(candidateOf(i)?.price) && !choices[i]?.added;
  const picked = choices.flatMap((c, i) => (c.on && takeable(i) && quantityValid(c.quantity) ? [i] : []));
  const chosen = picked.flatMap((i) => {
    const c = choices[i]!;
    const own = { product: c.product!, quantity: Number(c.quantity) };
    return c.extra ? [own, { product: c.extra.alt.productId, quantity: c.extra.rest }] : [own];
  });
  const addChosen = async () => {
    const done = await onAdd(chosen);
    if (!done) return;
    const added = new Set(done.added);
    setOutcome(done);
    setChoices((cs) =>
      cs.map((c, i) => (picked.includes(i) && added.has(c.product ?? 0) ? { ...c, on: false, added: true } : c)),
    );
  };
  const lines = showAll ? result.lines : result.lines.slice(0, VISIBLE);
  const choosingShort = choosing === null ? null : shortFor(choosing);
  const choosingLine = choosing === null ? undefined : result.lines[choosing];
  const choosingCandidate = choosing === null ? undefined : candidateOf(choosing);

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
          onClick={() => void addChosen()}
        >
          {t('resolve.add', { count: chosen.length })}
        </Button>
      </Box>
      {outcome && (
        <Box sx={{ px: 2, pb: 2 }}>
          <Alert severity="success" data-testid="resolve-added">
            {t('resolve.addedTo', { count: outcome.count, name: outcome.basketName })}{' '}
            <Link component={RouterLink} to={`/basket/${outcome.basketId}/`}>
              {t('resolve.openBasket')}
            </Link>
          </Alert>
        </Box>
      )}
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
              const candidate = candidateOf(i);
              const note = lineNote(l, t);
              const chip = c.added ? (
                <Chip size="small" color="primary" label={t('resolve.inBasket')} />
              ) : (
                <Chip size="small" color={STATUS_COLOR[l.status]} label={t(`resolve.status_${l.status}`)} />
              );
              const noteText = note && !c.added && (
                <Typography variant="body2" color="error" sx={{ fontSize: { xs: 12, sm: 14 } }}>
                  {note}
                </Typography>
              );
              return (
                <TableRow key={`${l.row}-${i}`} data-testid="resolve-line">
                  <TableCell padding="checkbox">
                    <Checkbox
                      checked={c.on && takeable(i)}
                      disabled={!takeable(i)}
                      onChange={(e) => set(i, { on: e.target.checked })}
                      slotProps={{ input: { 'aria-label': t('resolve.take', { article: l.article }) } }}
                    />
                  </TableCell>
                  <TableCell sx={wide}>{l.row}</TableCell>
                  <TableCell sx={{ whiteSpace: { sm: 'nowrap' }, wordBreak: { xs: 'break-all', sm: 'normal' } }}>
                    {l.article}
                    {/* On a phone the note sits under the number; a narrow column keeps the quantity in view. */}
                    <Box
                      sx={{
                        display: { sm: 'none' },
                        mt: 0.5,
                        whiteSpace: 'normal',
                        wordBreak: 'normal',
                        maxWidth: 120,
                      }}
                    >
                      {chip}
                      {noteText}
                    </Box>
                  </TableCell>
                  <TableCell sx={wide}>
                    {chip}
                    {noteText}
                  </TableCell>
                  <TableCell sx={{ minWidth: { sm: 220 } }}>
                    {l.status === 'several' ? (
                      <Select
                        size="small"
                        displayEmpty
                        value={c.product ?? ''}
                        onChange={(e) => {
                          const product = Number(e.target.value);
                          const priced = Boolean(l.candidates.find((x) => x.productId === product)?.price);
                          set(i, {
                            product,
                            on: priced && quantityValid(c.quantity),
                            swapped: undefined,
                            extra: undefined,
                          });
                        }}
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
                    {l.replaced && (
                      // An old number led here (decision 205): the dealer sees what replaced what.
                      <Typography variant="body2" color="info.main" data-testid="resolve-replaced">
                        {t(l.replaced.ratio > 1 ? 'resolve.replacedSet' : 'resolve.replaced', {
                          chain: l.replaced.chain.join(' → '),
                          ratio: l.replaced.ratio,
                        })}
                      </Typography>
                    )}
                    {candidate && (
                      <Typography variant="body2" color="text.secondary">
                        {candidate.price ? money(candidate.price.value, candidate.price.currency) : t('noPrice')} ·{' '}
                        {t(`availability.${candidate.availability}`)} ({num(candidate.stock)})
                      </Typography>
                    )}
                    {shortFor(i) && <ShortLineNote short={shortFor(i)!} onOpen={() => setChoosing(i)} />}
                    {c.swapped && (
                      <Box data-testid="resolve-alternative" sx={{ mt: 0.5 }}>
                        <Typography variant="body2" color="info.main" component="span" sx={{ mr: 1 }}>
                          {t('resolve.swapped', {
                            article: l.candidates.find((x) => x.productId === c.swapped!.from)?.article ?? l.article,
                          })}
                        </Typography>
                        {!c.added && (
                          <Button
                            size="small"
                            sx={{ py: 0 }}
                            onClick={() =>
                              set(i, { product: c.swapped!.from, quantity: c.swapped!.quantity, swapped: undefined })
                            }
                          >
                            {t('resolve.undoAlternative')}
                          </Button>
                        )}
                      </Box>
                    )}
                    {c.extra && (
                      <Box data-testid="resolve-alternative" sx={{ mt: 0.5 }}>
                        <Typography variant="body2" color="info.main" component="span" sx={{ mr: 1 }}>
                          {t('resolve.splitWith', {
                            rest: num(c.extra.rest),
                            name: [c.extra.alt.article, c.extra.alt.name].filter(Boolean).join(' '),
                          })}
                        </Typography>
                        {!c.added && (
                          <Button
                            size="small"
                            sx={{ py: 0 }}
                            onClick={() => set(i, { quantity: c.extra!.quantity, extra: undefined })}
                          >
                            {t('resolve.undoAlternative')}
                          </Button>
                        )}
                      </Box>
                    )}
                    {candidate && !candidate.price && (
                      <Typography variant="body2" color="warning.main" data-testid="no-price">
                        {t('resolve.noPriceHint')}
                      </Typography>
                    )}
                  </TableCell>
                  <TableCell>
                    <TextField
                      size="small"
                      value={c.quantity}
                      error={!c.added && !quantityValid(c.quantity)}
                      disabled={c.added}
                      onChange={(e) => {
                        const quantity = e.target.value.trim();
                        // A split's kept part was counted from the stock; a new quantity asks again.
                        if (c.extra) return set(i, { quantity, extra: undefined });
                        // A found line waiting for its quantity is taken once the quantity is given.
                        const take = c.on || (!c.added && quantityValid(quantity) && !quantityValid(c.quantity));
                        set(i, { quantity, on: take });
                      }}
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
      {choosing !== null && choosingShort && choosingLine && (
        <AlternativesChooser
          name={[choosingLine.article, choosingCandidate?.name].filter(Boolean).join(' ')}
          amount={choosingShort.amount}
          measureFactor={choosingShort.measureFactor}
          short={choosingShort}
          intro={t('resolve.shortIntro', {
            amount: num(choosingShort.amount),
            stock: num(choosingShort.stock),
            missing: num(choosingShort.missing),
          })}
          onSwap={(a, whole) => {
            const c = choices[choosing]!;
            set(choosing, {
              product: a.productId,
              quantity: String(whole),
              on: true,
              swapped: { from: c.product, quantity: c.quantity, alt: a },
            });
            setChoosing(null);
          }}
          onSplit={(a, kept, rest) => {
            set(choosing, {
              quantity: String(kept),
              on: true,
              extra: { quantity: choices[choosing]!.quantity, alt: a, rest },
            });
            setChoosing(null);
          }}
          onClose={() => setChoosing(null)}
        />
      )}
    </Paper>
  );
}
