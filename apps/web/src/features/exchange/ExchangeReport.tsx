import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ExchangeReport, ExchangeSession } from '@portal/contract';
import { useTranslation } from 'react-i18next';
import { num } from '../../lib/format';

const LIST = { m: 0, pl: 2.5, '& li': { overflowWrap: 'anywhere' } } as const;

/** Names in a line, the first few, then «и ещё N». */
function Names({ names, total }: { names: string[]; total: number }) {
  const { t } = useTranslation('exchange');
  if (names.length === 0) return null;
  const shown = names.slice(0, 10);
  return (
    <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
      {shown.join(', ')}
      {total > shown.length && ` ${t('review.more', { n: num(total - shown.length) })}`}
    </Typography>
  );
}

/** How 1C's price types or warehouses are taken: the 1C name first, the Ид small (decision 197). */
function Matches({ title, items }: { title: string; items: ExchangeReport['priceTypes'] }) {
  const { t } = useTranslation('exchange');
  if (items.length === 0) return null;
  return (
    <Box>
      <Typography variant="subtitle2" component="h4">
        {title}
      </Typography>
      <Box component="ul" sx={LIST}>
        {items.map((m) => (
          <li key={m.externalId}>
            <Typography variant="body2" component="span" sx={{ fontWeight: 500 }}>
              {m.name}
            </Typography>{' '}
            <Typography variant="body2" component="span" color={m.match === 'new' ? 'warning.dark' : 'text.secondary'}>
              — {t(`review.match_${m.match}`, { portal: m.portalName })}
            </Typography>
            <Typography variant="caption" color="text.secondary" sx={{ display: 'block' }}>
              {t('review.id', { id: m.externalId })}
            </Typography>
          </li>
        ))}
      </Box>
    </Box>
  );
}

/** One file's report: what it will do (a dry run) or, for 1C's own exchange, what it did. */
export function ReportView({ report, after }: { report: ExchangeReport; after: boolean }) {
  const { t } = useTranslation('exchange');
  const p = report.products;
  const s = report.sections;
  return (
    <Box sx={{ display: 'grid', gap: 1.5 }} data-testid="exchange-report">
      {(p.total > 0 || p.hidden > 0) && (
        <Box>
          <Typography variant="subtitle2" component="h4">
            {t('review.products')}
          </Typography>
          <Typography variant="body2" data-testid="exchange-report-products">
            {t(after ? 'review.productsAfter' : 'review.productsLine', {
              total: num(p.total),
              added: num(p.added),
              changed: num(p.changed),
              unchanged: num(p.unchanged),
            })}
          </Typography>
          {p.hidden > 0 && (
            <Typography variant="body2" color="warning.dark" data-testid="exchange-report-hidden">
              {t('review.hidden', { n: num(p.hidden) })}
            </Typography>
          )}
          {p.markedDeleted > 0 && (
            <Typography variant="body2">{t('review.markedDeleted', { n: num(p.markedDeleted) })}</Typography>
          )}
          <Typography variant="caption" color="text.secondary">
            {t(report.full ? 'review.full' : 'review.partial')}
          </Typography>
        </Box>
      )}
      {(s.total > 0 || s.emptied > 0) && (
        <Box>
          <Typography variant="subtitle2" component="h4">
            {t('review.sections')}
          </Typography>
          <Typography variant="body2">
            {t('review.sectionsLine', { total: num(s.total), added: num(s.added) })}
          </Typography>
          <Names names={s.addedNames} total={s.added} />
          {s.emptied > 0 && (
            <>
              <Typography variant="body2" color="warning.dark">
                {t('review.sectionsEmptied', { n: num(s.emptied) })}
              </Typography>
              <Names names={s.emptiedNames} total={s.emptied} />
            </>
          )}
        </Box>
      )}
      {report.offers.total > 0 && (
        <Box>
          <Typography variant="subtitle2" component="h4">
            {t('review.offers')}
          </Typography>
          <Typography variant="body2">
            {t('review.offersLine', {
              total: num(report.offers.total),
              unknown: num(report.offers.unknownProducts),
            })}
          </Typography>
          {/* The cells the apply will change (decision 227); a report kept before has no count. */}
          {report.offers.prices !== undefined && (
            <Typography variant="body2" data-testid="exchange-report-cells">
              {t('review.cellsLine', {
                prices: num(report.offers.prices),
                stocks: num(report.offers.stocks ?? 0),
              })}
            </Typography>
          )}
        </Box>
      )}
      <Matches title={t('review.priceTypes')} items={report.priceTypes} />
      <Matches title={t('review.stores')} items={report.stores} />
      {report.withoutPrice.length > 0 && (
        <Alert severity="warning" data-testid="exchange-report-without-price">
          <Typography variant="subtitle2" component="h4">
            {t('review.withoutPrice')}
          </Typography>
          <Box component="ul" sx={LIST}>
            {report.withoutPrice.map((w) => (
              <li key={w.priceTypeName}>
                {t('review.withoutPriceItem', { priceType: w.priceTypeName, n: num(w.dealers) })}
              </li>
            ))}
          </Box>
        </Alert>
      )}
    </Box>
  );
}

/** Every file's report of a session, and the documents it could not place (decision 197). */
export function SessionDetails({ session }: { session: ExchangeSession }) {
  const { t } = useTranslation('exchange');
  const after = session.review !== 'pending';
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      {session.review === 'confirmed' && (
        <Typography variant="body2" color="text.secondary">
          {t('review.beforeApply')}
        </Typography>
      )}
      {session.runs.map((r) => (
        <Box key={r.id}>
          <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 500, overflowWrap: 'anywhere' }}>
            {r.name}
          </Typography>
          {r.report ? (
            // A reviewed upload's report is its dry run; 1C's own exchange fills the products' counts after the fact.
            <ReportView report={r.report} after={after && session.review === null} />
          ) : (
            <Typography variant="body2" color="text.secondary">
              {t('review.noReport')}
            </Typography>
          )}
        </Box>
      ))}
      {session.unmatched.length > 0 && (
        <Box data-testid="exchange-unmatched">
          <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 500 }}>
            {t('history.unmatchedTitle')}
          </Typography>
          <Box component="ul" sx={LIST}>
            {session.unmatched.map((u, i) => (
              <li key={i}>
                <Typography variant="body2">
                  {t('history.unmatchedItem', {
                    kind: t(`kinds.${u.kind}`, { defaultValue: u.kind }),
                    number: u.number || '—',
                    id: u.externalId,
                    reason: u.reason,
                  })}
                </Typography>
              </li>
            ))}
          </Box>
        </Box>
      )}
    </Box>
  );
}
