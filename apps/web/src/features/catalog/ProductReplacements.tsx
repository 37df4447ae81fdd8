import AddIcon from '@mui/icons-material/Add';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { REPLACEMENT_KINDS, type ProductReplacements as Replacements, type ReplacementKind } from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { Fragment, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useCurrentUser } from '../../lib/current-user';
import { RestError } from '../../lib/rest';
import { isAdmin } from '../../lib/roles';
import { replacementsQuery, useImportReplacements, useUpdateReplacements } from './api';

const numberLink = (article: string, productId: number | null) =>
  productId ? (
    <Link component={RouterLink} to={`/product/${productId}`}>
      {article}
    </Link>
  ) : (
    article
  );

/**
 * The product card's replacement numbers (decision 205): what replaces the number now (the chain to the
 * current part, a set with its quantities), the older numbers it replaces, the interchangeable ones; an
 * administrator edits the links this card states.
 */
export function ProductReplacements({ id }: { id: number }) {
  const { t } = useTranslation('catalog');
  const admin = isAdmin(useCurrentUser().data);
  const query = useQuery(replacementsQuery(id));
  const [editing, setEditing] = useState(false);
  const r = query.data;
  if (!r) return null;
  const interchangeable = r.links.filter((l) => l.kind === 'INTERCHANGEABLE');
  // Links this card states that are not followed: the new number is not in the catalogue, or not yet in force.
  const waiting = r.current.length === 0 ? r.links.filter((l) => l.kind === 'REPLACED' && l.oldProductId === r.id) : [];
  const empty = r.current.length === 0 && r.older.length === 0 && interchangeable.length === 0 && waiting.length === 0;
  if (empty && !admin) return null;
  return (
    <Paper variant="outlined" sx={{ p: 2 }} data-testid="product-replacements">
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 1, flexWrap: 'wrap' }}>
        <Typography variant="h3" component="h2" sx={{ flexGrow: 1 }}>
          {t('replacements.title')}
        </Typography>
        {admin && (
          <Button size="small" onClick={() => setEditing(true)}>
            {t('replacements.edit')}
          </Button>
        )}
        {admin && <SheetUpload />}
      </Box>
      {empty && <Typography color="text.secondary">{t('replacements.none')}</Typography>}
      {r.current.length > 0 && (
        <Alert severity="warning" sx={{ mb: 1 }}>
          <Typography sx={{ fontWeight: 600 }}>
            {t(r.current.length > 1 ? 'replacements.replacedBySet' : 'replacements.replacedBy')}
          </Typography>
          {r.current.map((p) => (
            <Box key={p.productId} sx={{ overflowWrap: 'anywhere' }}>
              {p.chain.slice(0, -1).join(' → ')} → {numberLink(p.article, p.productId)} {p.brand && `(${p.brand})`}
              {p.ratio > 1 && ` × ${p.ratio}`} — {p.name}
            </Box>
          ))}
        </Alert>
      )}
      {waiting.length > 0 && (
        <Typography color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
          {t('replacements.waiting', { articles: waiting.map((l) => l.newArticle).join(', ') })}
        </Typography>
      )}
      {r.older.length > 0 && (
        <Typography sx={{ overflowWrap: 'anywhere' }}>
          {t('replacements.replaces')}: {r.older.map((o) => o.article).join(', ')}
        </Typography>
      )}
      {interchangeable.length > 0 && (
        <Typography sx={{ overflowWrap: 'anywhere' }}>
          {t('replacements.interchangeable')}:{' '}
          {interchangeable.map((l, i) => {
            const other =
              l.oldProductId === id ? { a: l.newArticle, p: l.newProductId } : { a: l.oldArticle, p: l.oldProductId };
            return (
              <Fragment key={l.id}>
                {i > 0 && ', '}
                {numberLink(other.a, other.p)}
              </Fragment>
            );
          })}
        </Typography>
      )}
      {editing && <ReplacementsEditor replacements={r} onClose={() => setEditing(false)} />}
    </Paper>
  );
}

interface Row {
  article: string;
  brand: string;
  kind: ReplacementKind;
  ratio: string;
  effectiveFrom: string;
}

/** The links this card states by hand (a 1C or spreadsheet link is changed where it came from). */
function ReplacementsEditor({ replacements: r, onClose }: { replacements: Replacements; onClose: () => void }) {
  const { t } = useTranslation('catalog');
  const update = useUpdateReplacements();
  const [rows, setRows] = useState<Row[]>(() =>
    r.links
      .filter((l) => l.source === 'MANUAL' && l.oldProductId === r.id)
      .map((l) => ({
        article: l.newArticle,
        brand: l.newBrand,
        kind: l.kind,
        ratio: String(l.ratio),
        effectiveFrom: l.effectiveFrom ?? '',
      })),
  );
  const set = (i: number, patch: Partial<Row>) => setRows((rs) => rs.map((x, k) => (k === i ? { ...x, ...patch } : x)));
  const save = () =>
    update.mutate(
      {
        id: r.id,
        links: rows
          .filter((x) => x.article.trim() !== '')
          .map((x) => ({
            article: x.article,
            brand: x.brand,
            kind: x.kind,
            ratio: Number(x.ratio),
            effectiveFrom: x.effectiveFrom || null,
          })),
      },
      { onSuccess: onClose },
    );
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="md" aria-labelledby="replacements-editor-title">
      <DialogTitle id="replacements-editor-title">{t('replacements.editTitle', { article: r.article })}</DialogTitle>
      <DialogContent>
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          {t('replacements.editHint')}
        </Typography>
        {rows.map((row, i) => (
          <Box
            key={i}
            sx={{
              display: 'grid',
              gap: 1,
              mb: 1.5,
              alignItems: 'center',
              gridTemplateColumns: { xs: '1fr 1fr', sm: '2fr 1.5fr 1.6fr 0.8fr 1.4fr auto' },
            }}
          >
            <TextField
              size="small"
              label={t('replacements.article')}
              value={row.article}
              onChange={(e) => set(i, { article: e.target.value })}
            />
            <TextField
              size="small"
              label={t('replacements.brand')}
              value={row.brand}
              onChange={(e) => set(i, { brand: e.target.value })}
            />
            <TextField
              size="small"
              select
              label={t('replacements.kind')}
              value={row.kind}
              onChange={(e) => set(i, { kind: e.target.value as ReplacementKind })}
            >
              {REPLACEMENT_KINDS.map((k) => (
                <MenuItem key={k} value={k}>
                  {t(`replacements.kinds.${k}`)}
                </MenuItem>
              ))}
            </TextField>
            <TextField
              size="small"
              label={t('replacements.ratio')}
              value={row.ratio}
              disabled={row.kind !== 'REPLACED'}
              onChange={(e) => set(i, { ratio: e.target.value.trim() })}
              slotProps={{ htmlInput: { inputMode: 'numeric' } }}
            />
            <TextField
              size="small"
              type="date"
              label={t('replacements.from')}
              value={row.effectiveFrom}
              onChange={(e) => set(i, { effectiveFrom: e.target.value })}
              slotProps={{ inputLabel: { shrink: true } }}
            />
            <IconButton
              aria-label={t('replacements.remove', { article: row.article })}
              onClick={() => setRows((rs) => rs.filter((_x, k) => k !== i))}
            >
              <DeleteOutlineIcon />
            </IconButton>
          </Box>
        ))}
        <Button
          startIcon={<AddIcon />}
          onClick={() =>
            setRows((rs) => [...rs, { article: '', brand: '', kind: 'REPLACED', ratio: '1', effectiveFrom: '' }])
          }
        >
          {t('replacements.add')}
        </Button>
        {update.error && (
          <Alert severity="error" sx={{ mt: 2 }} role="alert">
            {[
              update.error.message,
              ...(update.error instanceof RestError ? Object.values(update.error.fields) : []),
            ].join(' · ')}
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('common:cancel')}</Button>
        <Button variant="contained" disabled={update.isPending} onClick={save}>
          {t('common:save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/**
 * The back office's bulk upload (decision 205): an .xlsx, one link a row — old number, its brand, new number,
 * its brand, quantity, kind, date (by header or in this order); the report lists the refused rows.
 */
function SheetUpload() {
  const { t } = useTranslation('catalog');
  const upload = useImportReplacements();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button size="small" component="label" disabled={upload.isPending}>
        {t('replacements.upload')}
        <input
          type="file"
          hidden
          accept=".xlsx"
          onChange={(e) => {
            const file = e.target.files?.[0];
            e.target.value = '';
            if (file) upload.mutate(file, { onSettled: () => setOpen(true) });
          }}
        />
      </Button>
      <Dialog
        open={open}
        onClose={() => setOpen(false)}
        fullWidth
        maxWidth="sm"
        aria-labelledby="replacements-upload-title"
      >
        <DialogTitle id="replacements-upload-title">{t('replacements.uploadTitle')}</DialogTitle>
        <DialogContent>
          <Typography color="text.secondary" sx={{ mb: 1 }}>
            {t('replacements.uploadHint')}
          </Typography>
          {upload.error && (
            <Alert severity="error" role="alert">
              {upload.error.message}
            </Alert>
          )}
          {upload.data && (
            <>
              <Alert
                severity={upload.data.refused.length > 0 ? 'warning' : 'success'}
                data-testid="replacements-report"
              >
                {t('replacements.uploaded', { rows: upload.data.rows, written: upload.data.written })}
              </Alert>
              {upload.data.refused.map((r) => (
                <Typography key={r.row} variant="body2" sx={{ mt: 0.5, overflowWrap: 'anywhere' }}>
                  {t('replacements.refusedRow', { row: r.row, message: r.message })}
                </Typography>
              ))}
            </>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(false)}>{t('common:close')}</Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
