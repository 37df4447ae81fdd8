import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { ErrorState, Loading } from '../../components/States';
import { priceMappingsQuery } from './api';

/**
 * «Типы цен 1С» (decision 095): where each 1C price type's prices go. Read-only here: the mappings are
 * edited in one place, the site settings (decision 130), linked from this card.
 */
export default function PriceMappings() {
  const { t } = useTranslation('exchange');
  const mappings = useQuery({
    ...priceMappingsQuery,
    // Edited on the site settings page: show what is saved now when coming back from there.
    refetchOnMount: 'always',
  });
  const nameOf = (list: Array<{ id: number; name: string }>, id: number | null, none: string) =>
    id === null ? none : (list.find((x) => x.id === id)?.name ?? none);
  return (
    <Paper variant="outlined" component="section" sx={{ p: 2, mb: 3 }} aria-labelledby="exchange-prices">
      <Typography variant="h3" component="h2" id="exchange-prices" sx={{ mb: 1 }}>
        {t('prices.title')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {t('prices.text')}
      </Typography>
      {mappings.isPending ? (
        <Loading />
      ) : mappings.isError ? (
        <ErrorState error={mappings.error} onRetry={() => void mappings.refetch()} />
      ) : mappings.data.items.length === 0 ? (
        <Typography variant="body2">{t('prices.empty')}</Typography>
      ) : (
        <>
          {mappings.data.withoutDealers.length > 0 && (
            // Decision 187: said plainly, so the supplier sees at once why a dealer sees no price.
            <Alert severity="warning" sx={{ mb: 2 }} data-testid="price-mappings-without-dealers">
              <AlertTitle>{t('prices.withoutDealersTitle')}</AlertTitle>
              <Typography variant="body2" sx={{ mb: 1 }}>
                {t('prices.withoutDealersText')}
              </Typography>
              <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
                {mappings.data.withoutDealers.map((w) => (
                  <li key={w.id} style={{ overflowWrap: 'anywhere' }}>
                    {t('prices.withoutDealersItem', { external: w.externalName, priceType: w.priceTypeName })}
                  </li>
                ))}
              </Box>
            </Alert>
          )}
          <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1.5 }}>
            {mappings.data.items.map((m) => (
              <Box
                component="li"
                key={m.id}
                data-testid="price-mapping"
                sx={{
                  display: 'grid',
                  gap: 1,
                  alignItems: 'baseline',
                  gridTemplateColumns: { xs: '1fr', md: 'minmax(180px, 1fr) 1fr 1fr' },
                }}
              >
                <Box sx={{ minWidth: 0 }}>
                  <Typography sx={{ fontWeight: 500, overflowWrap: 'anywhere' }}>{m.externalName}</Typography>
                  <Typography variant="caption" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                    {t('prices.external')}: {m.externalId}
                  </Typography>
                </Box>
                <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }} data-testid="price-mapping-type">
                  <Box component="span" sx={{ color: 'text.secondary' }}>
                    {t('prices.priceType')}:{' '}
                  </Box>
                  {nameOf(mappings.data.priceTypes, m.priceTypeId, t('prices.notUsed'))}
                  {mappings.data.withoutDealers.some((w) => w.id === m.id) && (
                    <Box component="span" sx={{ display: 'block', color: 'warning.dark' }}>
                      {t('prices.noDealers')}
                    </Box>
                  )}
                </Typography>
                <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }} data-testid="price-mapping-pay">
                  <Box component="span" sx={{ color: 'text.secondary' }}>
                    {t('prices.paySystem')}:{' '}
                  </Box>
                  {m.priceTypeId === null
                    ? '—'
                    : nameOf(mappings.data.paySystems, m.paySystemId, t('prices.anyPaySystem'))}
                </Typography>
              </Box>
            ))}
          </Box>
        </>
      )}
      <Button component={RouterLink} to="/admin/settings/#price-mappings" sx={{ mt: 2 }}>
        {t('prices.edit')}
      </Button>
    </Paper>
  );
}
