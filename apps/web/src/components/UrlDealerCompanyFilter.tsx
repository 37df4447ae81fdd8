import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';

const KEYS = ['dealer', 'company'] as const;

/**
 * The staff lists' «Дилер» and «Компания» filters, the order desk's fields kept in the URL (`dealer`,
 * `company`): typed, then applied with «Найти» or Enter; a new filter goes back to page 1.
 */
export function UrlDealerCompanyFilter() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const [draft, setDraft] = useState(() => ({
    dealer: params.get('dealer') ?? '',
    company: params.get('company') ?? '',
  }));
  const apply = (next: typeof draft) => {
    const p = new URLSearchParams(params);
    for (const k of KEYS) {
      if (next[k].trim()) p.set(k, next[k].trim());
      else p.delete(k);
    }
    p.delete('page');
    setParams(p);
  };
  const active = KEYS.some((k) => params.get(k));
  return (
    <Box
      component="form"
      role="search"
      aria-label={t('staffFilter.label')}
      onSubmit={(e) => {
        e.preventDefault();
        apply(draft);
      }}
      sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center', flex: '1 1 auto', minWidth: 0 }}
    >
      {KEYS.map((k) => (
        <TextField
          key={k}
          size="small"
          name={k}
          label={t(`staffFilter.${k}`)}
          value={draft[k]}
          onChange={(e) => setDraft({ ...draft, [k]: e.target.value })}
          slotProps={{ htmlInput: { maxLength: 100 } }}
          sx={{ flex: '1 1 200px', minWidth: 0, maxWidth: { sm: 280 } }}
        />
      ))}
      <Box sx={{ display: 'flex', gap: 1 }}>
        <Button type="submit" variant="outlined">
          {t('staffFilter.apply')}
        </Button>
        {active && (
          <Button
            onClick={() => {
              const empty = { dealer: '', company: '' };
              setDraft(empty);
              apply(empty);
            }}
          >
            {t('staffFilter.reset')}
          </Button>
        )}
      </Box>
    </Box>
  );
}
