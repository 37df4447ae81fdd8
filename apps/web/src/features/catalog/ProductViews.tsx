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
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { colorCode, type Currency, type Product } from '@portal/contract';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { money } from '../../lib/format';
import { portalConfig } from '../../lib/portal-config';
import { ProductArrivalSlot, ProductOrderSlot } from '../../lib/slots';
import { useToggleFavorite } from './api';
import type { ViewMode } from './url-state';

export const productLink = (p: Pick<Product, 'id' | 'sectionId'>) =>
  p.sectionId ? `/catalog/${p.sectionId}/product/${p.id}/` : `/product/${p.id}`;

const orderLimits = (p: Product) => ({
  min: portalConfig.settings?.catalogQuantityMin ?? 0,
  max: portalConfig.settings?.catalogQuantityMax ?? 10000,
  ...(p.minQuantity ? { minQuantity: p.minQuantity } : {}),
});

export function AvailabilityChip({ value }: { value: Product['availability'] }) {
  const { t } = useTranslation('catalog');
  const color = value === 'Y' ? 'success' : value === 'D' ? 'warning' : 'default';
  return <Chip size="small" color={color} variant="outlined" label={t(`availability.${value}`)} />;
}

/**
 * The dealer's price with its payment method, and under it the info price (docs/spec/03-entities.md `priceInfo`: the base price
 * type's price) when the server sends one — it does only when it differs from the dealer's price.
 */
export function PriceTag({
  product,
  large,
}: {
  product: Pick<Product, 'price' | 'needsPaySystem' | 'priceInfo'>;
  large?: boolean;
}) {
  const { t } = useTranslation('catalog');
  if (!product.price) return <Typography sx={{ color: 'text.secondary' }}>{t('price.none')}</Typography>;
  const info = product.priceInfo;
  return (
    <Box>
      <Typography sx={{ fontWeight: 700, fontSize: large ? 28 : 18, whiteSpace: 'nowrap' }}>
        {product.price.text}
      </Typography>
      <Typography sx={{ color: product.needsPaySystem ? 'warning.main' : 'text.secondary', fontSize: 12 }}>
        {product.needsPaySystem ? t('price.needsPaySystem') : product.price.paySystemName}
      </Typography>
      {info && (
        <Typography
          sx={{ color: 'text.secondary', fontSize: large ? 14 : 12 }}
          title={t('price.infoHint')}
          data-testid="price-info"
        >
          {t('price.info')}{' '}
          <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
            {money(info.value, info.currency as Currency)}
          </Box>
        </Typography>
      )}
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
      : t(`match.${match.kind}`, { article: match.article ?? '', chain: match.chain?.join(' → ') ?? '' }) +
        (match.fuzzy ? ` (${t('match.fuzzy')})` : '');
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
          {product.availability !== 'Y' && <ProductArrivalSlot productId={product.id} compact />}
        </Box>
        <ProductOrderSlot productId={product.id} {...orderLimits(product)} compact />
      </CardContent>
    </Card>
  );
}

function ListRow({ product }: { product: Product }) {
  // On a phone the picture is small beside the name and the price with the order control is one row under
  // them, so a screen shows several products.
  return (
    <Paper
      variant="outlined"
      sx={{
        p: { xs: 1.5, sm: 2 },
        display: 'grid',
        gap: { xs: 1, sm: 2 },
        gridTemplateColumns: { xs: '72px minmax(0, 1fr)', sm: '120px minmax(0, 1fr) auto' },
        alignItems: 'start',
      }}
      data-testid="product-card"
    >
      <Thumb product={product} />
      <Box sx={{ display: 'grid', gap: 0.5, alignContent: 'start', minWidth: 0 }}>
        <NameLink product={product} />
        <Article product={product} />
        <Typography
          sx={{
            fontSize: 13,
            color: 'text.secondary',
            display: '-webkit-box',
            WebkitLineClamp: { xs: 2, sm: 4 },
            WebkitBoxOrient: 'vertical',
            overflow: 'hidden',
          }}
        >
          {product.previewText}
        </Typography>
        <Box>
          <MatchChip match={product.match} />
        </Box>
      </Box>
      <Box
        sx={{
          gridColumn: { xs: '1 / -1', sm: 'auto' },
          display: 'flex',
          flexWrap: 'wrap',
          gap: 1,
          alignItems: 'center',
          justifyContent: { xs: 'space-between', sm: 'flex-end' },
          flexDirection: { xs: 'row', sm: 'column' },
          alignContent: { sm: 'flex-end' },
          minWidth: { sm: 180 },
        }}
      >
        <Box sx={{ display: 'grid', gap: 0.5, justifyItems: { xs: 'start', sm: 'end' } }}>
          <PriceTag product={product} />
          <AvailabilityChip value={product.availability} />
          {product.availability !== 'Y' && <ProductArrivalSlot productId={product.id} compact />}
        </Box>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}>
          <ProductOrderSlot productId={product.id} {...orderLimits(product)} compact />
          <FavoriteButton product={product} />
        </Box>
      </Box>
    </Paper>
  );
}

/**
 * The table view (category and price list). Four columns fit beside the filter at 1280 px; on a phone each
 * row is a dense block without a picture.
 */
function ProductTable({ items }: { items: Product[] }) {
  const { t } = useTranslation('catalog');
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  if (phone) {
    return (
      <Paper variant="outlined" component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }} aria-label={t('view.table')}>
        {items.map((p, i) => (
          <Box
            component="li"
            key={p.id}
            data-testid="product-card"
            sx={{ px: 1.5, py: 1, display: 'grid', gap: 0.5, borderTop: i ? 1 : 0, borderColor: 'divider' }}
          >
            <NameLink product={p} />
            <Article product={p} />
            {p.match && <MatchChip match={p.match} />}
            <Box
              sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center', justifyContent: 'space-between' }}
            >
              <Box sx={{ display: 'grid', gap: 0.5, justifyItems: 'start' }}>
                <PriceTag product={p} />
                <AvailabilityChip value={p.availability} />
                {p.availability !== 'Y' && <ProductArrivalSlot productId={p.id} compact />}
              </Box>
              <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}>
                <ProductOrderSlot productId={p.id} {...orderLimits(p)} compact />
                <FavoriteButton product={p} />
              </Box>
            </Box>
          </Box>
        ))}
      </Paper>
    );
  }
  const cell = { px: 1, verticalAlign: 'top' } as const;
  return (
    <TableContainer component={Paper} variant="outlined" sx={{ overflowX: 'auto', maxWidth: '100%' }}>
      <Table size="small" sx={{ '& th, & td': cell }}>
        <TableHead>
          <TableRow>
            <TableCell sx={{ pl: '16px !important' }}>{t('table.name')}</TableCell>
            <TableCell>
              {t('article')} / {t('table.brand')}
            </TableCell>
            <TableCell align="right">
              {t('table.price')} / {t('table.availability')}
            </TableCell>
            <TableCell>{t('table.order')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {items.map((p) => (
            <TableRow key={p.id} hover data-testid="product-card">
              <TableCell sx={{ pl: '16px !important' }}>
                <NameLink product={p} />
                {p.match && (
                  <Box sx={{ mt: 0.5 }}>
                    <MatchChip match={p.match} />
                  </Box>
                )}
              </TableCell>
              <TableCell>
                <Typography sx={{ fontSize: 14, whiteSpace: 'nowrap' }}>{p.article}</Typography>
                <Typography sx={{ fontSize: 13, color: 'text.secondary' }}>{p.brand}</Typography>
              </TableCell>
              <TableCell align="right">
                <Box sx={{ display: 'grid', gap: 0.5, justifyItems: 'end' }}>
                  <PriceTag product={p} />
                  <AvailabilityChip value={p.availability} />
                  {p.availability !== 'Y' && <ProductArrivalSlot productId={p.id} compact />}
                </Box>
              </TableCell>
              <TableCell>
                <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 0.5 }}>
                  <ProductOrderSlot productId={p.id} {...orderLimits(p)} compact />
                  <FavoriteButton product={p} />
                </Box>
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

/** A colour property: its name with a small swatch of the colour beside it (decision 147). */
export function ColorValue({ name }: { name: string }) {
  const hex = colorCode(name);
  return (
    <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 1 }}>
      {hex && (
        <Box
          component="span"
          data-testid="color-swatch"
          aria-hidden
          sx={{
            width: 16,
            height: 16,
            flex: 'none',
            borderRadius: '50%',
            bgcolor: hex,
            border: 1,
            borderColor: 'divider',
          }}
        />
      )}
      {name}
    </Box>
  );
}
