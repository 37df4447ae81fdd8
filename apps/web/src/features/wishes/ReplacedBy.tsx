import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import type { Wish } from '@portal/contract';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';

/** A requested number that was replaced (decision 205): the chain to each current part, linked to its card. */
export function ReplacedBy({ parts }: { parts: Wish['replaced'] }) {
  const { t } = useTranslation('wishes');
  if (!parts || parts.length === 0) return null;
  return (
    <Typography variant="body2" color="info.main" data-testid="wish-replaced" sx={{ overflowWrap: 'anywhere' }}>
      {parts.map((p, i) => (
        <span key={p.productId}>
          {i > 0 && '; '}
          {t('replaced', { chain: p.chain.slice(0, -1).join(' → ') })} →{' '}
          <Link component={RouterLink} to={`/product/${p.productId}`}>
            {p.article}
          </Link>
          {p.ratio > 1 && ` × ${p.ratio}`}
        </span>
      ))}
    </Typography>
  );
}
