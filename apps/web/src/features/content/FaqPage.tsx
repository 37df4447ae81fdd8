import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import SearchIcon from '@mui/icons-material/Search';
import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useDeferredValue, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Html } from '../../components/Html';
import { PageHeader } from '../../components/PageHeader';
import { EmptyState, ErrorState, Loading } from '../../components/States';
import { faqQuery } from './api';

/** '/question/': questions that open on click, searched on the server as the user types. */
export default function FaqPage() {
  const { t } = useTranslation('content');
  const [params, setParams] = useSearchParams();
  const [text, setText] = useState(params.get('search') ?? '');
  const search = useDeferredValue(text.trim());
  const list = useQuery(faqQuery(search));
  return (
    <>
      <PageHeader title={t('faq.title')} />
      <TextField
        value={text}
        onChange={(e) => {
          setText(e.target.value);
          setParams(e.target.value.trim() ? { search: e.target.value.trim() } : {}, { replace: true });
        }}
        label={t('faq.search')}
        sx={{ mb: 2, maxWidth: 560 }}
        fullWidth
        slotProps={{
          input: {
            startAdornment: (
              <InputAdornment position="start">
                <SearchIcon />
              </InputAdornment>
            ),
          },
        }}
      />
      {list.isPending ? (
        <Loading />
      ) : list.isError ? (
        <ErrorState error={list.error} onRetry={() => void list.refetch()} />
      ) : list.data.items.length === 0 ? (
        <EmptyState title={search ? t('faq.notFound') : t('faq.empty')} />
      ) : (
        <div>
          {list.data.items.map((q) => (
            <Accordion key={q.id} disableGutters>
              <AccordionSummary expandIcon={<ExpandMoreIcon />} aria-controls={`faq-${q.id}`} id={`faq-${q.id}-q`}>
                <Typography sx={{ fontWeight: 500 }}>{q.questionText}</Typography>
              </AccordionSummary>
              <AccordionDetails id={`faq-${q.id}`}>
                <Html html={q.answerText} sx={{ '& p': { m: 0 } }} />
              </AccordionDetails>
            </Accordion>
          ))}
        </div>
      )}
    </>
  );
}
