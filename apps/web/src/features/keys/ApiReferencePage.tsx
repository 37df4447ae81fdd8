import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/PageHeader';
import { EmptyState, ErrorState, Loading } from '../../components/States';
import { openApiQuery, type OpenApiOperation } from './api';

const SHOWN_AT_ONCE = 40;

const codeSx = {
  p: 1,
  m: 0,
  bgcolor: 'action.hover',
  borderRadius: 1,
  overflowX: 'auto',
  fontSize: 12,
  maxHeight: 360,
} as const;

/**
 * The API reference for dealers' developers (decision 211): the methods of `/rest/openapi.json` with what
 * each takes and answers, and whether an API key may call it. Generated from the contract, so it is current.
 */
export default function ApiReferencePage() {
  const { t } = useTranslation('keys');
  const doc = useQuery(openApiQuery());
  const [search, setSearch] = useState('');
  const [keysOnly, setKeysOnly] = useState(true);
  const [limit, setLimit] = useState(SHOWN_AT_ONCE);
  const operations = useMemo(() => {
    const all = Object.values(doc.data?.paths ?? {}).map((p) => p.post);
    const needle = search.trim().toLowerCase();
    return all
      .filter((op) => !keysOnly || op['x-api-key-scope'] !== null)
      .filter((op) => !needle || op.operationId.toLowerCase().includes(needle));
  }, [doc.data, search, keysOnly]);

  return (
    <>
      <PageHeader title={t('referenceTitle')} />
      <Paper sx={{ p: { xs: 2, md: 3 }, mb: 2 }}>
        <Typography sx={{ mb: 1 }}>{t('referenceIntro')}</Typography>
        <Box component="pre" sx={codeSx}>
          {`curl -X POST ${window.location.origin}/rest/basket/resolve \\\n  -H 'Authorization: Bearer dpk_…' -H 'Content-Type: application/json' \\\n  -d '{"text": "RE504836 2\\nLF3349 4"}'`}
        </Box>
        <Typography variant="body2" sx={{ mt: 1 }}>
          {t('referenceScopes')}{' '}
          <Link href="/rest/openapi.json" target="_blank" rel="noopener">
            openapi.json
          </Link>
        </Typography>
      </Paper>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mb: 2, alignItems: { sm: 'center' } }}>
        <TextField
          label={t('searchMethod')}
          value={search}
          onChange={(e) => {
            setSearch(e.target.value);
            setLimit(SHOWN_AT_ONCE);
          }}
          size="small"
          sx={{ minWidth: { sm: 320 } }}
        />
        <Chip
          label={keysOnly ? t('keysOnly') : t('allMethods')}
          onClick={() => setKeysOnly(!keysOnly)}
          color={keysOnly ? 'primary' : 'default'}
          variant={keysOnly ? 'filled' : 'outlined'}
        />
      </Stack>
      {doc.isPending ? (
        <Loading />
      ) : doc.isError ? (
        <ErrorState error={doc.error} onRetry={() => void doc.refetch()} />
      ) : operations.length === 0 ? (
        <EmptyState title={t('noMethods')} />
      ) : (
        <>
          {operations.slice(0, limit).map((op) => (
            <Operation key={op.operationId} op={op} />
          ))}
          {operations.length > limit && (
            <Box sx={{ textAlign: 'center', mt: 2 }}>
              <Link component="button" onClick={() => setLimit(limit + SHOWN_AT_ONCE)}>
                {t('showMore', { count: operations.length - limit })}
              </Link>
            </Box>
          )}
        </>
      )}
    </>
  );
}

function Operation({ op }: { op: OpenApiOperation }) {
  const { t } = useTranslation('keys');
  const input = Object.values(op.requestBody.content)[0]?.schema;
  const result = op.responses['200'].content['application/json'].schema.properties.result;
  const scope = op['x-api-key-scope'];
  return (
    <Accordion disableGutters slotProps={{ transition: { unmountOnExit: true } }}>
      <AccordionSummary expandIcon={<ExpandMoreIcon />}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 0.5 }}>
          <Typography sx={{ fontFamily: 'monospace', wordBreak: 'break-all' }}>POST /rest/{op.operationId}</Typography>
          {scope && <Chip size="small" label={t(`scopes.${scope}`)} />}
        </Stack>
      </AccordionSummary>
      <AccordionDetails>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          {op.description}
        </Typography>
        <Typography variant="subtitle2">{t('input')}</Typography>
        <Box component="pre" sx={codeSx}>
          {JSON.stringify(input, null, 2)}
        </Box>
        <Typography variant="subtitle2" sx={{ mt: 1 }}>
          {t('result')}
        </Typography>
        <Box component="pre" sx={codeSx}>
          {JSON.stringify(result, null, 2)}
        </Box>
      </AccordionDetails>
    </Accordion>
  );
}
