import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { formatDate, num } from '../../lib/format';

/** Ordered quantity by date as a small bar chart (plain SVG: no chart library in the bundle). */
export function OrderedChart({ items }: { items: Array<{ date: string; quantity: number }> }) {
  const { t } = useTranslation('catalog');
  if (items.length === 0) return <Typography sx={{ color: 'text.secondary' }}>{t('ordered.empty')}</Typography>;
  const data = items.slice(-30);
  const max = Math.max(...data.map((d) => d.quantity), 1);
  const w = 600;
  const h = 160;
  const bar = w / data.length;
  return (
    <Box sx={{ overflowX: 'auto' }}>
      <svg
        viewBox={`0 0 ${w} ${h + 24}`}
        width="100%"
        role="img"
        aria-label={t('ordered.title')}
        style={{ maxWidth: w }}
      >
        {data.map((d, i) => {
          const bh = Math.max(2, (d.quantity / max) * h);
          return (
            <g key={d.date}>
              <rect x={i * bar + 2} y={h - bh} width={Math.max(2, bar - 4)} height={bh} fill="#064C27" rx={2}>
                <title>{`${formatDate(d.date)}: ${num(d.quantity)}`}</title>
              </rect>
              {(data.length <= 8 || i % Math.ceil(data.length / 8) === 0) && (
                <text x={i * bar + bar / 2} y={h + 16} fontSize={11} textAnchor="middle" fill="#555">
                  {formatDate(d.date).slice(0, 5) /* the day and month: «25.11» */}
                </text>
              )}
            </g>
          );
        })}
      </svg>
    </Box>
  );
}
