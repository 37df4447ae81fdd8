import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import CloseIcon from '@mui/icons-material/Close';
import ZoomInIcon from '@mui/icons-material/ZoomIn';
import Box from '@mui/material/Box';
import Dialog from '@mui/material/Dialog';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Tab from '@mui/material/Tab';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import type { ProductDetail } from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams } from 'react-router';
import { Html } from '../../components/Html';
import { PageHeader } from '../../components/PageHeader';
import { ErrorState, Loading } from '../../components/States';
import { num, qty, volume } from '../../lib/format';
import { portalConfig } from '../../lib/portal-config';
import { ProductArrivalSlot, ProductMachinesSlot, ProductOrderSlot, usePreloadProductOrder } from '../../lib/slots';
import { orderedSeriesQuery, productQuery } from './api';
import { OrderedChart } from './OrderedChart';
import { PaymentPrompt } from './PaymentPrompt';
import { ProductReplacements } from './ProductReplacements';
import { AvailabilityChip, ColorValue, FavoriteButton, PriceTag, ProductGrid, productLink } from './ProductViews';

function Carousel({ product }: { product: ProductDetail }) {
  const { t } = useTranslation('catalog');
  const [index, setIndex] = useState(0);
  const [zoom, setZoom] = useState(false);
  const photos = product.photo;
  const photo = photos[index];
  if (!photo) return <Box sx={{ aspectRatio: '4 / 3', bgcolor: 'grey.100', borderRadius: 1 }} />;
  const step = (d: number) => setIndex((i) => (i + d + photos.length) % photos.length);
  return (
    <Box>
      <Box sx={{ position: 'relative', borderRadius: 1, overflow: 'hidden', bgcolor: 'grey.100' }}>
        <img
          src={photo.src}
          alt={product.name}
          width={photo.width}
          height={photo.height}
          style={{ width: '100%', height: 'auto', display: 'block' }}
        />
        {photos.length > 1 && (
          <>
            <IconButton
              aria-label={t('photo.prev')}
              onClick={() => step(-1)}
              sx={{ position: 'absolute', left: 4, top: '45%', bgcolor: 'background.paper' }}
            >
              <ChevronLeftIcon />
            </IconButton>
            <IconButton
              aria-label={t('photo.next')}
              onClick={() => step(1)}
              sx={{ position: 'absolute', right: 4, top: '45%', bgcolor: 'background.paper' }}
            >
              <ChevronRightIcon />
            </IconButton>
          </>
        )}
        <IconButton
          aria-label={t('photo.zoom')}
          onClick={() => setZoom(true)}
          sx={{ position: 'absolute', right: 4, bottom: 4, bgcolor: 'background.paper' }}
        >
          <ZoomInIcon />
        </IconButton>
      </Box>
      <Box sx={{ display: 'flex', gap: 1, mt: 1 }}>
        {photos.map((p, i) => (
          <Box
            key={p.id}
            component="button"
            type="button"
            aria-label={t('photo.n', { n: i + 1 })}
            onClick={() => setIndex(i)}
            sx={{
              p: 0,
              border: 2,
              borderColor: i === index ? 'primary.main' : 'transparent',
              borderRadius: 1,
              cursor: 'pointer',
              bgcolor: 'transparent',
            }}
          >
            <img src={p.src} alt="" width={64} height={48} style={{ display: 'block' }} />
          </Box>
        ))}
      </Box>
      <Dialog open={zoom} onClose={() => setZoom(false)} maxWidth="lg" fullWidth aria-label={t('photo.zoom')}>
        <IconButton
          aria-label={t('common:close')}
          onClick={() => setZoom(false)}
          sx={{ position: 'absolute', right: 8, top: 8, bgcolor: 'background.paper' }}
        >
          <CloseIcon />
        </IconButton>
        <img src={photo.src} alt={product.name} style={{ width: '100%', height: 'auto', display: 'block' }} />
      </Dialog>
    </Box>
  );
}

/** Product detail: carousel, prices per payment method, stock, analogues, similar items, ordered quantities. */
export default function ProductPage() {
  const { t } = useTranslation('catalog');
  const id = Number(useParams().id);
  usePreloadProductOrder();
  const product = useQuery(productQuery(id));
  const series = useQuery(orderedSeriesQuery(id));
  const [tab, setTab] = useState(0);
  if (product.isError) {
    return (
      <ErrorState
        error={product.error}
        onRetry={() => void product.refetch()}
        notFound={{ title: t('notFoundProduct'), back: { to: '/catalog/', label: t('toCatalog') } }}
      />
    );
  }
  if (!product.data) return <Loading />;
  const p = product.data;
  return (
    <>
      <PageHeader
        title={p.name}
        crumbs={[
          { label: t('title'), to: '/catalog/' },
          ...p.breadcrumbs.map((b) => ({ label: b.name, to: `/catalog/${b.id}/` })),
        ]}
        actions={<FavoriteButton product={p} />}
      />
      <PaymentPrompt compact />
      <Box
        sx={{
          display: 'grid',
          gap: 3,
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: '420px minmax(0, 1fr)' },
          mt: 2,
        }}
      >
        <Carousel product={p} />
        <Box sx={{ display: 'grid', gap: 2, alignContent: 'start', gridTemplateColumns: 'minmax(0, 1fr)' }}>
          <Typography>
            {t('article')}: <b data-testid="product-article">{p.article}</b> · {p.brand}
          </Typography>
          <Typography sx={{ color: 'text.secondary' }}>{p.previewText}</Typography>
          <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap' }}>
            <PriceTag product={p} large />
            <AvailabilityChip value={p.availability} />
            <Typography sx={{ color: 'text.secondary' }}>
              {t('quantity', { count: p.quantity, value: num(p.quantity), unit: p.unit.symbol })}
            </Typography>
          </Box>
          <ProductMachinesSlot model={p.properties.find((x) => x.code === 'MODEL')?.value} />
          <ProductArrivalSlot productId={p.id} editArticle={p.article} />
          <ProductOrderSlot
            productId={p.id}
            min={portalConfig.settings?.catalogQuantityMin ?? 0}
            max={portalConfig.settings?.catalogQuantityMax ?? 10000}
            {...(p.minQuantity ? { minQuantity: p.minQuantity } : {})}
          />
          {p.prices.length > 1 && (
            <Paper variant="outlined" sx={{ p: 2 }}>
              <Typography sx={{ fontWeight: 600, mb: 1 }}>
                {t('price.byPayment', { type: p.prices[0]?.name })}
              </Typography>
              {p.prices.map((pr) => (
                <Box key={pr.id} sx={{ display: 'flex', justifyContent: 'space-between', gap: 2 }}>
                  <span>{pr.paySystemName}</span>
                  <b>{pr.text}</b>
                </Box>
              ))}
            </Paper>
          )}
          <ProductReplacements id={p.id} />
          {p.analogues.length > 0 && (
            <Paper variant="outlined" sx={{ p: 2, overflowX: 'auto' }}>
              <Typography variant="h3" component="h2" sx={{ mb: 1 }}>
                {t('analogues.title')}
              </Typography>
              <Table size="small" sx={{ '& td': { px: { xs: 1, sm: 2 } } }}>
                <TableBody>
                  {p.analogues.map((a) => (
                    <TableRow key={`${a.kind}-${a.article}`}>
                      <TableCell>{t(a.kind === 'OEM' ? 'analogues.oem' : 'analogues.analogue')}</TableCell>
                      <TableCell>
                        {a.productId ? (
                          <Link component={RouterLink} to={`/product/${a.productId}`}>
                            {a.article}
                          </Link>
                        ) : (
                          a.article
                        )}
                      </TableCell>
                      <TableCell>{a.brand}</TableCell>
                      <TableCell>{a.name ?? t('analogues.notInCatalog')}</TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </Paper>
          )}
        </Box>
      </Box>
      <Paper variant="outlined" sx={{ mt: 3 }}>
        <Tabs value={tab} onChange={(_e, v: number) => setTab(v)} variant="scrollable" aria-label={t('tabs.label')}>
          <Tab label={t('tabs.properties')} />
          <Tab label={t('tabs.description')} />
          <Tab label={t('tabs.stock')} />
          <Tab label={t('tabs.ordered')} />
        </Tabs>
        <Box sx={{ p: 2 }} role="tabpanel">
          {tab === 0 && (
            <Table size="small">
              <TableBody>
                {[
                  ...p.properties.map(
                    (pr) => [pr.name, pr.code === 'COLOR' ? <ColorValue name={pr.value} /> : pr.value] as const,
                  ),
                  [t('props.unit'), p.unit.name] as const,
                  [
                    t('props.weight'),
                    p.weightKg === null ? t('props.unknown') : qty(p.weightKg, t('units.kg')),
                  ] as const,
                  [
                    t('props.volume'),
                    p.volumeM3 === null ? t('props.unknown') : `${volume(p.volumeM3)} ${t('units.m3')}`,
                  ] as const,
                ].map(([k, v]) => (
                  <TableRow key={k}>
                    <TableCell sx={{ color: 'text.secondary', width: '40%' }}>{k}</TableCell>
                    <TableCell>{v}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          )}
          {tab === 1 && <Html html={p.detailText || p.previewText} />}
          {tab === 2 && (
            <Table size="small">
              <TableHead>
                <TableRow>
                  <TableCell>{t('stock.store')}</TableCell>
                  <TableCell align="right">{t('stock.amount')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {p.stores.length === 0 ? (
                  <TableRow>
                    <TableCell colSpan={2}>{t('stock.none')}</TableCell>
                  </TableRow>
                ) : (
                  p.stores.map((s) => (
                    <TableRow key={s.id}>
                      <TableCell>
                        {s.name}
                        {s.isVirtual && ` (${t('stock.virtual')})`}
                      </TableCell>
                      <TableCell align="right">{qty(s.amount, s.unit)}</TableCell>
                    </TableRow>
                  ))
                )}
              </TableBody>
            </Table>
          )}
          {tab === 3 && (series.data ? <OrderedChart items={series.data.items} /> : <Loading />)}
        </Box>
      </Paper>
      {p.similar.length > 0 && (
        <Box component="section" sx={{ mt: 3 }}>
          <Typography variant="h2" component="h2" sx={{ mb: 1.5 }}>
            {t('similar')}
          </Typography>
          <ProductGrid items={p.similar.slice(0, 8)} view="tile" />
        </Box>
      )}
      <Typography sx={{ mt: 2, fontSize: 12, color: 'text.secondary' }}>
        <Link component={RouterLink} to={productLink(p)}>
          {t('permalink')}
        </Link>
      </Typography>
    </>
  );
}
