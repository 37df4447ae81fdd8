import { staffMayMoveStatus, statusMoveNeedsReason, type DeskOrder, type DeskOrderChange } from '@portal/contract';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Switch from '@mui/material/Switch';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { useQuery } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { PageHeader } from '../../../components/PageHeader';
import { ErrorState, Loading } from '../../../components/States';
import { useCurrentUser } from '../../../lib/current-user';
import { formatDate, money } from '../../../lib/format';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { isAdmin } from '../../../lib/roles';
import { statusesQuery } from '../api';
import { OrderHistory } from '../components/OrderHistory';
import { machineText, OrderFlags, StatusChip } from '../components/OrderFlags';
import { portalConfig } from '../../../lib/portal-config';
import { deskOrderQuery, findLineQuery, useChangeDeskOrder, useDecideCorrection, useIssueBill } from './api';
import { DeskOffer } from './DeskOffer';
import { CompanyAccountSlot, OrderShipmentsSlot } from '../../../lib/slots';

function Section({ title, children, testId }: { title: string; children: ReactNode; testId?: string }) {
  return (
    <Paper sx={{ p: 2 }} data-testid={testId}>
      <Typography variant="h2" sx={{ fontSize: 20, mb: 1.5 }}>
        {title}
      </Typography>
      {children}
    </Paper>
  );
}

/** The desk's order: what the dealer ordered, and every action staff take on it (each tells the dealer). */
export default function DeskOrderPage() {
  const { t } = useTranslation('desk');
  const id = Number(useParams().id);
  const order = useQuery(deskOrderQuery(id));
  // The hooks put the answered order into the cache (desk/api.ts); the page says it is done.
  const done = () => notifySuccess(t('done'));
  const change = useChangeDeskOrder(id, { onSuccess: done, onError: notifyError });

  if (order.isPending) return <Loading />;
  if (order.isError) return <ErrorState error={order.error} onRetry={() => void order.refetch()} />;
  const o = order.data;
  return (
    <>
      <PageHeader title={t('orderTitle', { id })} crumbs={[{ label: t('title'), to: '/desk/order/' }]} />
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 3fr) minmax(0, 2fr)' },
        }}
      >
        {/* minmax(0, 1fr): a wide table scrolls inside its card instead of widening the page on a phone. */}
        <Box
          sx={{ display: 'grid', gap: 2, alignContent: 'start', minWidth: 0, gridTemplateColumns: 'minmax(0, 1fr)' }}
        >
          <Summary o={o} />
          <Lines o={o} busy={change.isPending} onSave={(lines) => change.mutate({ lines })} />
          <Corrections o={o} onDone={done} />
          <OrderShipmentsSlot orderId={o.id} lines={o.items ?? []} />
          <Section title={t('history')} testId="desk-history">
            {o.history?.length ? <OrderHistory entries={o.history} /> : <Typography>{t('noHistory')}</Typography>}
          </Section>
        </Box>
        <Box
          sx={{ display: 'grid', gap: 2, alignContent: 'start', minWidth: 0, gridTemplateColumns: 'minmax(0, 1fr)' }}
        >
          {/* An order placed in 1C is 1C's to change (decision 202): the desk shows it, the server refuses edits. */}
          {o.from1C ? (
            <Alert severity="info" data-testid="desk-from-1c">
              {t('from1CReadOnly')}
            </Alert>
          ) : (
            <Actions o={o} busy={change.isPending} onChange={(c) => change.mutate(c)} />
          )}
          {o.counterparty && <CompanyAccountSlot counterpartyId={o.counterparty.id} />}
          {!o.from1C && <Bill o={o} onDone={done} />}
          {!o.from1C && <DeskOffer o={o} onDone={done} />}
        </Box>
      </Box>
    </>
  );
}

function Summary({ o }: { o: DeskOrder }) {
  const { t } = useTranslation('desk');
  const row = (label: string, value: ReactNode) => (
    <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '160px 1fr' }, gap: 0.5, py: 0.5 }}>
      <Typography color="text.secondary">{label}</Typography>
      <Box>{value}</Box>
    </Box>
  );
  return (
    <Paper sx={{ p: 2 }} data-testid="desk-summary">
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', mb: 1 }}>
        <StatusChip status={o.status} />
        <OrderFlags order={o} />
        {o.pendingCorrections > 0 && <Chip size="small" color="info" label={t('pending')} />}
      </Box>
      {row(
        t('dealer'),
        <>
          {o.dealer.name} ({o.dealer.login}){' '}
          {o.dealer.email && (
            <Link href={`mailto:${o.dealer.email}`} sx={{ overflowWrap: 'anywhere' }}>
              {o.dealer.email}
            </Link>
          )}
        </>,
      )}
      {row(t('company'), o.counterparty?.name ?? '—')}
      {o.machine &&
        row(
          t('orders:summary.machine'),
          <Typography color={o.urgent ? 'error' : undefined}>
            {[machineText(o.machine), o.VINTehniki && `VIN ${o.VINTehniki}`].filter(Boolean).join(' · ')}
          </Typography>,
        )}
      {row(t('col.date'), formatDate(o.dateCreate, true))}
      {row(t('sum'), money(o.price, o.currency as never))}
      {row(t('payment'), o.payments.map((p) => p.name).join(', ') || '—')}
      {row(
        t('dealerComment'),
        o.userDescription ? <Box sx={{ whiteSpace: 'pre-wrap' }}>{o.userDescription}</Box> : '—',
      )}
      {row(t('vin'), o.VINTehniki || '—')}
      {row(t('model'), o.modelTehniki || '—')}
      {row(
        t('attachments'),
        o.files?.length ? (
          <Box sx={{ display: 'grid', gap: 0.5 }} data-testid="desk-attachments">
            {o.files.map((f) => (
              <Link key={f.id} href={f.src} target="_blank" rel="noopener" sx={{ overflowWrap: 'anywhere' }}>
                {f.name}
              </Link>
            ))}
          </Box>
        ) : (
          '—'
        ),
      )}
      {row(
        t('shipping'),
        [o.shipments.map((s) => s.name).join(', '), o.pickupPoint?.name, o.deliveryAddress]
          .filter(Boolean)
          .join(' · ') || '—',
      )}
    </Paper>
  );
}

function Actions({
  o,
  busy,
  onChange,
}: {
  o: DeskOrder;
  busy: boolean;
  onChange: (c: Omit<DeskOrderChange, 'id'>) => void;
}) {
  const { t } = useTranslation('desk');
  const statuses = useQuery(statusesQuery);
  const [status, setStatus] = useState(String(o.status.id));
  const [note, setNote] = useState('');
  const [confirmCancel, setConfirmCancel] = useState(false);
  // Only an administrator takes the paid mark back (decision 193); the server refuses an employee anyway.
  const admin = isAdmin(useCurrentUser().data);
  const paidLocked = o.isPayment && !admin;
  // Leaving «Отменен», «Отгружен» or «Выполнен» asks for a confirmation and a reason (decision 193).
  const [exitReason, setExitReason] = useState<string | null>(null);
  const [cancelReason, setCancelReason] = useState('');
  const statusChanged = status !== String(o.status.id);
  const codeOf = (id: string) => statuses.data?.items.find((s) => String(s.id) === id)?.code ?? '';
  // Choosing a working status for a cancelled order undoes the cancellation with it.
  const moveTo = (extra: Pick<DeskOrderChange, 'confirm' | 'reason'> = {}) =>
    onChange({ status: Number(status), ...(o.isCanceled ? { isCanceled: false } : {}), ...extra });
  return (
    <Section title={t('actions')} testId="desk-actions">
      <Box
        component="form"
        onSubmit={(e) => {
          e.preventDefault();
          if (!statusChanged) return;
          if (statusMoveNeedsReason(o.status.code, codeOf(status))) setExitReason('');
          else moveTo();
        }}
        sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', mb: 2 }}
      >
        <TextField
          select
          size="small"
          label={t('status')}
          value={status}
          onChange={(e) => setStatus(e.target.value)}
          sx={{ minWidth: 200, flexGrow: 1 }}
        >
          {statuses.data?.items.map((s) => (
            <MenuItem key={s.id} value={String(s.id)} disabled={!staffMayMoveStatus(o.status.code, s.code)}>
              {s.name}
            </MenuItem>
          ))}
        </TextField>
        <Button type="submit" variant="contained" disabled={busy || !statusChanged}>
          {t('setStatus')}
        </Button>
      </Box>
      <Box sx={{ display: 'grid', mb: 2 }}>
        <FormControlLabel
          control={
            <Switch
              checked={o.isPayment}
              disabled={busy || paidLocked}
              onChange={(e) => onChange({ isPayment: e.target.checked })}
            />
          }
          label={t('paid')}
        />
        {paidLocked && (
          <Typography variant="caption" color="text.secondary">
            {t('paidAdminOnly')}
          </Typography>
        )}
        <FormControlLabel
          control={
            <Switch checked={o.isWarning} disabled={busy} onChange={(e) => onChange({ isWarning: e.target.checked })} />
          }
          label={t('warning')}
        />
        <FormControlLabel
          control={
            <Switch
              checked={o.isCanceled}
              disabled={busy || o.isCanceled}
              onChange={(e) => e.target.checked && setConfirmCancel(true)}
            />
          }
          label={t('canceled')}
        />
        {o.isCanceled && (
          <Typography variant="caption" color="text.secondary">
            {t('uncancelHint')}
          </Typography>
        )}
      </Box>
      <Box
        component="form"
        onSubmit={(e) => {
          e.preventDefault();
          if (note.trim()) onChange({ note: note.trim() });
          setNote('');
        }}
        sx={{ display: 'grid', gap: 1 }}
      >
        <TextField
          label={t('note')}
          helperText={t('noteHint')}
          multiline
          minRows={2}
          value={note}
          onChange={(e) => setNote(e.target.value)}
          slotProps={{ htmlInput: { maxLength: 2000 } }}
        />
        <Button type="submit" disabled={busy || !note.trim()} sx={{ justifySelf: 'start' }}>
          {t('sendNote')}
        </Button>
      </Box>
      <Dialog open={confirmCancel} onClose={() => setConfirmCancel(false)}>
        <DialogTitle>{t('canceled')}</DialogTitle>
        <DialogContent>
          {t('cancelConfirm', { id: o.id })}
          <TextField
            fullWidth
            multiline
            minRows={2}
            label={t('statusReason')}
            helperText={t('statusReasonHint')}
            value={cancelReason}
            onChange={(e) => setCancelReason(e.target.value)}
            slotProps={{ htmlInput: { maxLength: 1000 } }}
            sx={{ mt: 2 }}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setConfirmCancel(false)}>{t('cancel')}</Button>
          <Button
            color="error"
            variant="contained"
            onClick={() => {
              setConfirmCancel(false);
              onChange({ isCanceled: true, ...(cancelReason.trim() ? { reason: cancelReason.trim() } : {}) });
              setCancelReason('');
            }}
          >
            {t('confirm')}
          </Button>
        </DialogActions>
      </Dialog>
      <Dialog open={exitReason !== null} onClose={() => setExitReason(null)} fullWidth maxWidth="sm">
        <DialogTitle>{t('statusExitTitle', { from: o.status.name })}</DialogTitle>
        <DialogContent>
          <Typography sx={{ mb: 2 }}>
            {t('statusExitText', {
              from: o.status.name,
              to: statuses.data?.items.find((s) => String(s.id) === status)?.name ?? '',
            })}
          </Typography>
          <TextField
            autoFocus
            required
            fullWidth
            multiline
            minRows={2}
            label={t('statusReason')}
            helperText={t('statusReasonHint')}
            value={exitReason ?? ''}
            onChange={(e) => setExitReason(e.target.value)}
            slotProps={{ htmlInput: { maxLength: 1000, 'data-testid': 'status-reason' } }}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setExitReason(null)}>{t('cancel')}</Button>
          <Button
            variant="contained"
            disabled={busy || !exitReason?.trim()}
            onClick={() => {
              moveTo({ confirm: true, reason: exitReason?.trim() });
              setExitReason(null);
            }}
          >
            {t('confirm')}
          </Button>
        </DialogActions>
      </Dialog>
    </Section>
  );
}

function Lines({
  o,
  busy,
  onSave,
}: {
  o: DeskOrder;
  busy: boolean;
  onSave: (lines: NonNullable<DeskOrderChange['lines']>) => void;
}) {
  const { t } = useTranslation('desk');
  const admin = isAdmin(useCurrentUser().data);
  const limit = portalConfig.settings?.employeeDiscountLimitPercent ?? 10;
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const [editing, setEditing] = useState(false);
  const [counts, setCounts] = useState<Record<number, string>>({});
  const [prices, setPrices] = useState<Record<number, string>>({});
  const [discounts, setDiscounts] = useState<Record<number, string>>({});
  const items = o.items ?? [];
  const num = (v: string | undefined) => (v === undefined || v.trim() === '' ? undefined : Number(v.replace(',', '.')));
  const save = () => {
    const lines: NonNullable<DeskOrderChange['lines']> = [];
    for (const i of items) {
      const quantity = num(counts[i.id]);
      const price = num(prices[i.id]);
      const discountPercent = num(discounts[i.id]);
      const line: { id: number; quantity?: number; price?: number; discountPercent?: number } = { id: i.id };
      if (quantity !== undefined && quantity !== i.quantity) line.quantity = quantity;
      if (discountPercent !== undefined) line.discountPercent = discountPercent;
      else if (price !== undefined && price !== i.price) line.price = price;
      if (Object.keys(line).length > 1) lines.push(line);
    }
    if (lines.length) onSave(lines);
    setEditing(false);
    setCounts({});
    setPrices({});
    setDiscounts({});
  };
  type Line = (typeof items)[number];
  const quantityOf = (i: Line) =>
    editing ? (
      <TextField
        size="small"
        type="number"
        value={counts[i.id] ?? String(i.quantity)}
        onChange={(e) => setCounts({ ...counts, [i.id]: e.target.value })}
        slotProps={{ htmlInput: { min: 0, 'aria-label': `${t('quantity')} ${i.article}` } }}
        sx={{ width: 88 }}
      />
    ) : (
      `${i.quantity} ${i.unit}`
    );
  const priceOf = (i: Line) =>
    editing ? (
      <Box sx={{ display: 'grid', gap: 0.5, justifyItems: 'end' }}>
        <TextField
          size="small"
          type="number"
          value={prices[i.id] ?? String(i.price)}
          disabled={discounts[i.id] !== undefined && discounts[i.id] !== ''}
          onChange={(e) => setPrices({ ...prices, [i.id]: e.target.value })}
          slotProps={{ htmlInput: { min: 0, step: 0.01, 'aria-label': `${t('price')} ${i.article}` } }}
          sx={{ width: 110 }}
        />
        <TextField
          size="small"
          type="number"
          placeholder={t('discount')}
          value={discounts[i.id] ?? ''}
          onChange={(e) => setDiscounts({ ...discounts, [i.id]: e.target.value })}
          slotProps={{
            htmlInput: { min: 0, max: 100, step: 0.5, 'aria-label': `${t('discount')} ${i.article}` },
          }}
          sx={{ width: 110 }}
        />
      </Box>
    ) : (
      money(i.price, i.currency as never)
    );
  return (
    <Section title={t('lines')} testId="desk-lines">
      {phone ? (
        // On a phone each line is a card: name and number on top, quantity, price and sum below, each with its
        // label, so nothing scrolls sideways (decision 227).
        <Box sx={{ display: 'grid' }}>
          {items.map((i) => (
            <Box
              key={i.id}
              data-testid="desk-line"
              sx={{ py: 1.5, borderBottom: 1, borderColor: 'divider', display: 'grid', gap: 1, minWidth: 0 }}
            >
              <Box sx={{ minWidth: 0, overflowWrap: 'anywhere' }}>
                <Typography variant="body2" sx={{ fontWeight: 500 }}>
                  {i.name}
                </Typography>
                <Typography variant="caption" color="text.secondary">
                  {i.article}
                </Typography>
              </Box>
              <Box
                sx={{
                  display: 'grid',
                  gridTemplateColumns: editing ? '1fr 1fr' : '1fr 1fr 1fr',
                  gap: 1,
                  alignItems: 'start',
                }}
              >
                <Box>
                  <Typography variant="caption" color="text.secondary" component="div">
                    {t('quantity')}
                  </Typography>
                  <Typography variant="body2" component="div" sx={{ whiteSpace: 'nowrap' }}>
                    {quantityOf(i)}
                  </Typography>
                </Box>
                <Box sx={{ textAlign: editing ? 'right' : 'left' }}>
                  <Typography variant="caption" color="text.secondary" component="div">
                    {t('col.price')}
                  </Typography>
                  <Typography variant="body2" component="div" sx={{ whiteSpace: 'nowrap' }}>
                    {priceOf(i)}
                  </Typography>
                </Box>
                {!editing && (
                  <Box sx={{ textAlign: 'right' }}>
                    <Typography variant="caption" color="text.secondary" component="div">
                      {t('sum')}
                    </Typography>
                    <Typography variant="body2" component="div" sx={{ whiteSpace: 'nowrap', fontWeight: 500 }}>
                      {money(i.sum, i.currency as never)}
                    </Typography>
                  </Box>
                )}
              </Box>
            </Box>
          ))}
        </Box>
      ) : (
        <TableContainer>
          <Table size="small">
            <TableHead>
              <TableRow>
                <TableCell sx={{ display: { xs: 'none', xl: 'table-cell' } }}>{t('col.article')}</TableCell>
                <TableCell>{t('col.product')}</TableCell>
                <TableCell align="right">{t('quantity')}</TableCell>
                <TableCell align="right">{t('col.price')}</TableCell>
                <TableCell align="right">{t('sum')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {items.map((i) => (
                <TableRow key={i.id} data-testid="desk-line">
                  <TableCell sx={{ display: { xs: 'none', xl: 'table-cell' } }}>{i.article}</TableCell>
                  <TableCell>
                    {i.name}
                    {/* Below a wide screen the part number goes under the name (the price column needs the room). */}
                    <Typography variant="caption" color="text.secondary" sx={{ display: { xs: 'block', xl: 'none' } }}>
                      {i.article}
                    </Typography>
                  </TableCell>
                  <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                    {quantityOf(i)}
                  </TableCell>
                  <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                    {priceOf(i)}
                  </TableCell>
                  <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                    {money(i.sum, i.currency as never)}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
      {editing ? (
        <Box sx={{ display: 'grid', gap: 1, mt: 2 }}>
          <Typography variant="body2" color="text.secondary">
            {t('linesHint')} {admin ? '' : t('discountHint', { limit })}
          </Typography>
          <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
            <Button variant="contained" onClick={save} disabled={busy}>
              {t('saveLines')}
            </Button>
            <Button onClick={() => setEditing(false)}>{t('cancel')}</Button>
          </Box>
        </Box>
      ) : (
        // An order placed in 1C is 1C's to change (decision 202): the note beside the order says so.
        !o.from1C && (
          <Button sx={{ mt: 1 }} onClick={() => setEditing(true)} disabled={!o.canCorrect}>
            {t('editLines')}
          </Button>
        )
      )}
      {o.canCorrect && <AddLine o={o} busy={busy} onAdd={(line) => onSave([line])} />}
      {!o.canCorrect && !o.from1C && (
        <Typography variant="caption" color="text.secondary" sx={{ display: 'block' }}>
          {o.correctionRefusal}
        </Typography>
      )}
    </Section>
  );
}

/**
 * A line by part number or name (decision 196): «Найти» shows what the dealer's resolver finds (the part, a
 * replaced number's current part, analogues, by name) with the dealer's prices; «Добавить» adds the chosen
 * one. A number that matches nothing is refused with the server's message, never dropped.
 */
function AddLine({
  o,
  busy,
  onAdd,
}: {
  o: DeskOrder;
  busy: boolean;
  onAdd: (line: { productId: number; quantity: number }) => void;
}) {
  const { t } = useTranslation('desk');
  const [text, setText] = useState('');
  const [query, setQuery] = useState('');
  const [quantity, setQuantity] = useState('1');
  const found = useQuery(findLineQuery(o.id, query));
  const qty = Math.max(1, Number(quantity) || 1);
  return (
    <Box sx={{ mt: 2, display: 'grid', gap: 1 }} data-testid="desk-add-line">
      <Box
        component="form"
        onSubmit={(e) => {
          e.preventDefault();
          setQuery(text.trim());
        }}
        sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}
      >
        <TextField
          size="small"
          label={t('addLine')}
          value={text}
          onChange={(e) => setText(e.target.value)}
          slotProps={{ htmlInput: { maxLength: 100 } }}
          sx={{ flex: '1 1 220px' }}
        />
        <TextField
          size="small"
          type="number"
          label={t('quantity')}
          value={quantity}
          onChange={(e) => setQuantity(e.target.value)}
          slotProps={{ htmlInput: { min: 1 } }}
          sx={{ width: 100 }}
        />
        <Button type="submit" variant="outlined" disabled={!text.trim()}>
          {t('find')}
        </Button>
      </Box>
      {found.isFetching && <Typography variant="body2">…</Typography>}
      {found.isError && (
        <Alert severity="warning" data-testid="desk-add-line-error">
          {found.error.message}
        </Alert>
      )}
      {found.data?.lines.map((line, n) => (
        <Box key={n} sx={{ display: 'grid', gap: 0.5 }}>
          {line.replaced && (
            <Typography variant="caption" color="text.secondary">
              {t('replacedChain', { chain: line.replaced.chain.join(' → ') })}
            </Typography>
          )}
          {line.candidates.map((c) => (
            <Box
              key={c.productId}
              data-testid="desk-candidate"
              sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}
            >
              <Typography sx={{ fontWeight: 600 }}>{c.article}</Typography>
              <Typography sx={{ flex: '1 1 160px', minWidth: 0 }}>{c.name}</Typography>
              <Chip size="small" label={t(`match.${c.match}`)} />
              <Typography variant="body2" sx={{ whiteSpace: 'nowrap' }}>
                {c.price ? money(c.price.value, c.price.currency as never) : t('noPrice')} ·{' '}
                {t('stock', { count: c.stock })}
              </Typography>
              <Button
                size="small"
                variant="contained"
                disabled={busy}
                onClick={() => {
                  onAdd({ productId: c.productId, quantity: qty * (line.replaced?.ratio ?? 1) });
                  setText('');
                  setQuery('');
                }}
              >
                {t('addThis')}
              </Button>
            </Box>
          ))}
        </Box>
      ))}
    </Box>
  );
}

function Corrections({ o, onDone }: { o: DeskOrder; onDone: (o: DeskOrder) => void }) {
  const { t } = useTranslation('desk');
  const [refusing, setRefusing] = useState<number | null>(null);
  const [reason, setReason] = useState('');
  const decide = useDecideCorrection({
    onSuccess: (r) => {
      setRefusing(null);
      setReason('');
      onDone(r);
    },
    onError: notifyError,
  });
  const list = o.corrections ?? [];
  if (list.length === 0) return null;
  return (
    <Section title={t('corrections')} testId="desk-corrections">
      {[...list].reverse().map((c) => (
        <Box key={c.id} sx={{ mb: 2 }}>
          <Typography sx={{ fontWeight: 600 }}>
            {t('correction', { id: c.id, date: formatDate(c.dateCreate, true) })} — {t(`correctionStatus.${c.status}`)}
            {c.reason && `: ${c.reason}`}
          </Typography>
          {c.products.map((p) => (
            <Typography key={p.id} variant="body2">
              {p.article} {p.name}: {p.beforeCount} → {p.afterCount === 0 ? t('removed') : p.afterCount}
            </Typography>
          ))}
          {c.status === 'PENDING' && (
            <Box sx={{ display: 'flex', gap: 1, mt: 1 }}>
              <Button
                variant="contained"
                disabled={decide.isPending}
                onClick={() => decide.mutate({ id: c.id, decision: 'accept' })}
              >
                {t('accept')}
              </Button>
              <Button color="error" disabled={decide.isPending} onClick={() => setRefusing(c.id)}>
                {t('refuse')}
              </Button>
            </Box>
          )}
        </Box>
      ))}
      <Dialog open={refusing !== null} onClose={() => setRefusing(null)} fullWidth maxWidth="sm">
        <DialogTitle>{t('refuse')}</DialogTitle>
        <DialogContent>
          <TextField
            autoFocus
            fullWidth
            multiline
            minRows={2}
            label={t('refuseReason')}
            value={reason}
            onChange={(e) => setReason(e.target.value)}
            sx={{ mt: 1 }}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setRefusing(null)}>{t('cancel')}</Button>
          <Button
            color="error"
            variant="contained"
            disabled={decide.isPending}
            onClick={() => refusing && decide.mutate({ id: refusing, decision: 'refuse', reason: reason.trim() })}
          >
            {t('refuse')}
          </Button>
        </DialogActions>
      </Dialog>
    </Section>
  );
}

function Bill({ o, onDone }: { o: DeskOrder; onDone: (o: DeskOrder) => void }) {
  const { t } = useTranslation('desk');
  const [confirmReplace, setConfirmReplace] = useState(false);
  const admin = isAdmin(useCurrentUser().data);
  const issue = useIssueBill(o.id, {
    onSuccess: (r) => {
      setConfirmReplace(false);
      onDone(r);
    },
    onError: notifyError,
  });
  // An attached file wins (decision 131): it is what the dealer opens, and what «Открыть счёт» opens here.
  const attached = Boolean(o.billFileName);
  // Only an administrator replaces an attached bill file (decision 193).
  const replaceLocked = attached && !admin;
  const openHref = attached && o.bill ? o.bill.src : `/bill/${o.id}/print/`;
  return (
    <Section title={t('bill')} testId="desk-bill">
      {o.billIssuedAt ? (
        <Alert severity="success" sx={{ mb: 1, overflowWrap: 'anywhere' }}>
          {t('billIssued', { date: formatDate(o.billIssuedAt, true) })}
          {attached && <> · {t('billFile', { name: o.billFileName })}</>}
        </Alert>
      ) : (
        <Typography sx={{ mb: 1 }}>{t('billNone')}</Typography>
      )}
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
        <Button
          variant="outlined"
          disabled={issue.isPending || o.isCanceled || replaceLocked}
          onClick={() => (attached ? setConfirmReplace(true) : issue.mutate({}))}
        >
          {o.billIssuedAt ? t('billRegenerate') : t('billGenerate')}
        </Button>
        <Button component="label" disabled={issue.isPending || o.isCanceled || replaceLocked}>
          {t('billAttach')}
          <input
            hidden
            type="file"
            accept=".pdf,.png,.jpg,.jpeg,.webp,.xlsx,.xls"
            onChange={(e) => {
              const file = e.target.files?.[0];
              if (file) issue.mutate({ file });
              e.target.value = '';
            }}
          />
        </Button>
        <Button component="a" href={openHref} target="_blank" rel="noopener" data-testid="desk-bill-open">
          {t('billOpen')}
        </Button>
      </Box>
      {replaceLocked && (
        <Typography variant="caption" color="text.secondary" sx={{ display: 'block', mt: 1 }}>
          {t('billAdminOnly')}
        </Typography>
      )}
      <Dialog open={confirmReplace} onClose={() => setConfirmReplace(false)}>
        <DialogTitle>{t('billReplaceTitle')}</DialogTitle>
        <DialogContent>
          <Typography sx={{ overflowWrap: 'anywhere' }}>{t('billReplaceText', { name: o.billFileName })}</Typography>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setConfirmReplace(false)}>{t('cancel')}</Button>
          <Button variant="contained" disabled={issue.isPending} onClick={() => issue.mutate({ replaceFile: true })}>
            {t('billReplace')}
          </Button>
        </DialogActions>
      </Dialog>
    </Section>
  );
}
