import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { OrderHistoryEntry } from '@portal/contract';
import { RefText } from '../../../components/RefText';
import { formatDate } from '../../../lib/format';

/**
 * «Изменения»: every change of the order (manager, 1C, the dealer's corrections), oldest first. The server
 * writes each line in the reader's language.
 */
export function OrderHistory({ entries }: { entries: OrderHistoryEntry[] }) {
  if (entries.length === 0) return null;
  return (
    <Box component="ol" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1.5 }}>
      {entries.map((e) => (
        <Box
          component="li"
          key={e.id}
          data-testid="order-history"
          sx={{ borderLeft: 3, borderColor: 'divider', pl: 1.5 }}
        >
          <Typography variant="body2" color="text.secondary">
            {formatDate(e.date, true)} · {e.author}
          </Typography>
          {e.lines.map((line, i) => (
            <Typography key={i} variant="body2">
              {line}
            </Typography>
          ))}
          {e.note && (
            <Typography variant="body2" sx={{ mt: 0.5, fontStyle: 'italic', whiteSpace: 'pre-line' }}>
              «<RefText text={e.note} />»
            </Typography>
          )}
        </Box>
      ))}
    </Box>
  );
}
