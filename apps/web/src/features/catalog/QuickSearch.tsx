import SearchIcon from '@mui/icons-material/Search';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { methods, type ResultOf } from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useHeaderSearchText } from '../../lib/search-text';
import { suggestQuery } from './api';

type Suggestion = ResultOf<(typeof methods)['product/suggest']>['items'][number];

function useDebounced(value: string, ms: number) {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return debounced;
}

/** The top bar's quick search: suggestions as you type; Enter opens /search/ with the query. */
export default function QuickSearch() {
  const { t } = useTranslation('catalog');
  const navigate = useNavigate();
  const [text, setText] = useHeaderSearchText();
  const debounced = useDebounced(text.trim(), 200);
  const suggestions = useQuery(suggestQuery(debounced));
  const options = debounced.length >= 2 ? (suggestions.data?.items ?? []) : [];
  const go = (query: string) => {
    if (query.trim()) void navigate(`/search/?search=${encodeURIComponent(query.trim().slice(0, 200))}`);
  };
  return (
    <Box role="search" sx={{ width: '100%', maxWidth: 560 }}>
      <Autocomplete<Suggestion, false, false, true>
        freeSolo
        filterOptions={(o) => o}
        options={options}
        inputValue={text}
        onInputChange={(_e, value) => setText(value)}
        getOptionLabel={(o) => (typeof o === 'string' ? o : o.article)}
        loading={suggestions.isFetching}
        loadingText={t('common:loading')}
        noOptionsText={t('search.noSuggestions')}
        onChange={(_e, value) => {
          if (typeof value === 'string') go(value);
          else if (value)
            void navigate(
              value.sectionId ? `/catalog/${value.sectionId}/product/${value.id}/` : `/product/${value.id}`,
            );
        }}
        renderOption={(props, o) => {
          const { key, ...rest } = props as typeof props & { key: string };
          return (
            <Box component="li" key={key} {...rest} sx={{ display: 'block !important' }}>
              <Typography sx={{ fontSize: 14, fontWeight: 600 }}>{o.name}</Typography>
              <Typography sx={{ fontSize: 12, color: 'text.secondary' }}>
                {o.article} · {o.brand}
                {o.match.kind === 'ANALOGUE' &&
                  ` · ${t(o.match.relation === 'OEM' ? 'match.oem' : 'match.analogue', { article: o.match.article, brand: o.match.brand })}`}
                {o.match.kind === 'REPLACED' &&
                  ` · ${t('match.REPLACED', { chain: o.match.chain?.join(' → ') ?? '' })}`}
              </Typography>
            </Box>
          );
        }}
        renderInput={(params) => (
          <TextField
            {...params}
            placeholder={t('common:search.placeholder')}
            aria-label={t('common:search.placeholder')}
            size="small"
            onKeyDown={(e) => {
              if (e.key === 'Enter' && !(e.target as HTMLInputElement).getAttribute('aria-activedescendant')) {
                e.preventDefault();
                go(text);
              }
            }}
            sx={{ bgcolor: 'background.paper', borderRadius: 1 }}
            slotProps={{
              ...params.slotProps,
              input: {
                ...params.slotProps.input,
                startAdornment: (
                  <InputAdornment position="start">
                    <SearchIcon />
                  </InputAdornment>
                ),
              },
              htmlInput: { ...params.slotProps.htmlInput, maxLength: 200, 'data-testid': 'quick-search' },
            }}
          />
        )}
      />
    </Box>
  );
}
