import FavoriteIcon from '@mui/icons-material/Favorite';
import FavoriteBorderIcon from '@mui/icons-material/FavoriteBorder';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import type { Product } from '@portal/contract';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { portalConfig } from '../../lib/portal-config';
import { ProductOrderSlot } from '../../lib/slots';
import { useToggleFavorite } from './api';
import type { ViewMode } from './url-state';

export const productLink = (p: Pick<Product, 'id' | 'sectionId'>) =>
  p.sectionId ? `/catalog/${p.sectionId}/product/${p.id}/` : `/product/${p.id}`;

const orderLimits = () => ({
  min: portalConfig.settings?.catalogQuantityMin ?? 0,
  max: portalConfig.settings?.catalogQuantityMax ?? 10000,
});

export function AvailabilityChip({ value }: { value: Product['availability'] }) {
  const { t } = useTranslation('catalog');
  const color = value === 'Y' ? 'success' : value === 'D' ? 'warning' : 'default';
  return <Chip size="small" color={color} variant="outlined" label={t(`availability.${value}`)} />;
}

export function PriceTag({ product, large }: { product: Pick<Product, 'price' | 'needsPaySystem'>; large?: boolean }) {
  const { t } = useTranslation('catalog');
  if (!product.price) return <Typography sx={{ color: 'text.secondary' }}>{t('price.none')}</Typography>;
  return (
    <Box>
      <Typography sx={{ fontWeight: 700, fontSize: large ? 28 : 18, whiteSpace: 'nowrap' }}>
        {product.price.text}
      </Typography>
      <Typography sx={{ color: product.needsPaySystem ? 'warning.main' : 'text.secondary', fontSize: 12 }}>
        {product.needsPaySystem ? t('price.needsPaySystem') : product.price.paySystemName}
      </Typography>
    </Box>
  );
}

export function FavoriteButton({ product }: { product: Pick<Product, 'id' | 'isFavorite'> }) {
  const { t } = useTranslation('catalog');
  const toggle = useToggleFavorite();
  const label = product.isFavorite ? t('favorite.remove') : t('favorite.add');
  return (
    <Tooltip title={label}>
      <IconButton
        aria-label={label}
        aria-pressed={product.isFavorite}
        onClick={() => toggle.mutate({ id: product.id, value: !product.isFavorite })}
        disabled={toggle.isPending}
        color={product.isFavorite ? 'secondary' : 'default'}
      >
        {product.isFavorite ? <FavoriteIcon /> : <FavoriteBorderIcon />}
      </IconButton>
    </Tooltip>
  );
}

/** Why a search found the product, in words. */
export function MatchChip({ match }: { match: Product['match'] }) {
  const { t } = useTranslation('catalog');
  if (!match) return null;
  const label =
    match.kind === 'ANALOGUE'
      ? t(match.relation === 'OEM' ? 'match.oem' : 'match.analogue', { article: match.article, brand: match.brand })
      : t(`match.${match.kind}`, { article: match.article ?? '' }) + (match.fuzzy ? ` (${t('match.fuzzy')})` : '');
  return (
    <Chip
      size="small"
      color={match.kind === 'TEXT' ? 'default' : 'primary'}
      label={label}
      sx={{ maxWidth: '100%', height: 'auto', py: 0.25, '& .MuiChip-label': { whiteSpace: 'normal' } }}
    />
  );
}

function Thumb({ product, size }: { product: Product; size?: number }) {
  const photo = product.photo[0];
  return (
    <Box
      sx={{
        width: size ?? '100%',
        aspectRatio: '4 / 3',
        flexShrink: 0,
        bgcolor: 'grey.100',
        borderRadius: 1,
        overflow: 'hidden',
      }}
    >
      {photo && (
        <img
          src={photo.src}
          width={photo.width}
          height={photo.height}
          alt={product.name}
          loading="lazy"
          style={{ display: 'block', width: '100%', height: '100%', objectFit: 'cover' }}
        />
      )}
    </Box>
  );
}

function NameLink({ product }: { product: Product }) {
  return (
    <Link
      component={RouterLink}
      to={productLink(product)}
      underline="hover"
      sx={{ fontWeight: 600, color: 'text.primary' }}
    >
      {product.name}
    </Link>
  );
}

function Article({ product }: { product: Product }) {
  const { t } = useTranslation('catalog');
  return (
    <Typography sx={{ fontSize: 13, color: 'text.secondary' }}>
      {t('article')}: <b>{product.article}</b> · {product.brand}
    </Typography>
  );
}

function Tile({ product }: { product: Product }) {
  return (
    <Card
      variant="outlined"
      sx={{ display: 'flex', flexDirection: 'column', height: '100%' }}
      data-testid="product-card"
    >
      <Box sx={{ position: 'relative' }}>
        <RouterLink to={productLink(product)} tabIndex={-1} aria-hidden>
          <Thumb product={product} />
        </RouterLink>
        <Box sx={{ position: 'absolute', top: 4, right: 4, bgcolor: 'background.paper', borderRadius: '50%' }}>
          <FavoriteButton product={product} />
        </Box>
      </Box>
      <CardContent sx={{ display: 'grid', gap: 1, flexGrow: 1, alignContent: 'start' }}>
        <NameLink product={product} />
        <Article product={product} />
        <MatchChip match={product.match} />
        <Box
          sx={{
            display: 'flex',
            justifyContent: 'space-between',
            alignItems: 'end',
            gap: 1,
            mt: 'auto',
            flexWrap: 'wrap',
          }}
        >
          <PriceTag product={product} />
          <AvailabilityChip value={product.availability} />
        </Box>
        <ProductOrderSlot productId={product.id} {...orderLimits()} compact />
      </CardContent>
    </Card>
  );
}

function ListRow({ product }: { product: Product }) {
  return (
    <Paper
      variant="outlined"
      sx={{ p: 2, display: 'flex', gap: 2, flexWrap: { xs: 'wrap', sm: 'nowrap' } }}
      data-testid="product-card"
    >
      <Thumb product={product} size={120} />
      <Box sx={{ flexGrow: 1, display: 'grid', gap: 0.5, alignContent: 'start', minWidth: 0 }}>
        <NameLink product={product} />
        <Article product={product} />
        <Typography sx={{ fontSize: 13, color: 'text.secondary' }}>{product.previewText}</Typography>
        <Box>
          <MatchChip match={product.match} />
        </Box>
      </Box>
      <Box sx={{ display: 'grid', gap: 1, justifyItems: 'end', minWidth: 180 }}>
        <PriceTag product={product} />
        <AvailabilityChip value={product.availability} />
        <ProductOrderSlot productId={product.id} {...orderLimits()} compact />
        <FavoriteButton product={product} />
      </Box>
    </Paper>
  );
}

function ProductTable({ items }: { items: Product[] }) {
  const { t } = useTranslation('catalog');
  return (
    <TableContainer component={Paper} variant="outlined" sx={{ overflowX: 'auto', maxWidth: '100%' }}>
      <Table size="small">
        <TableHead>
          <TableRow>
            <TableCell>{t('table.name')}</TableCell>
            <TableCell>{t('article')}</TableCell>
            <TableCell>{t('table.brand')}</TableCell>
            <TableCell>{t('table.availability')}</TableCell>
            <TableCell align="right">{t('table.price')}</TableCell>
            <TableCell>{t('table.order')}</TableCell>
            <TableCell />
          </TableRow>
        </TableHead>
        <TableBody>
          {items.map((p) => (
            <TableRow key={p.id} hover data-testid="product-card">
              <TableCell>
                <NameLink product={p} />
                {p.match && (
                  <Box sx={{ mt: 0.5 }}>
                    <MatchChip match={p.match} />
                  </Box>
                )}
              </TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{p.article}</TableCell>
              <TableCell>{p.brand}</TableCell>
              <TableCell>
                <AvailabilityChip value={p.availability} />
              </TableCell>
              <TableCell align="right">
                <PriceTag product={p} />
              </TableCell>
              <TableCell>
                <ProductOrderSlot productId={p.id} {...orderLimits()} compact />
              </TableCell>
              <TableCell>
                <FavoriteButton product={p} />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

export function ProductGrid({ items, view }: { items: Product[]; view: ViewMode }) {
  if (view === 'table') return <ProductTable items={items} />;
  if (view === 'list') {
    return (
      <Box sx={{ display: 'grid', gap: 1.5 }}>
        {items.map((p) => (
          <ListRow key={p.id} product={p} />
        ))}
      </Box>
    );
  }
  return (
    <Box
      sx={{
        display: 'grid',
        gap: 2,
        gridTemplateColumns: { xs: '1fr 1fr', sm: 'repeat(auto-fill, minmax(210px, 1fr))' },
      }}
    >
      {items.map((p) => (
        <Tile key={p.id} product={p} />
      ))}
    </Box>
  );
}
