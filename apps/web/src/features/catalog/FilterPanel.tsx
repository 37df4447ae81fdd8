import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { toShortFilterKey, type FilterItem } from '@portal/contract';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * The smart filter of docs/spec/03-entities.md: checkboxes (F) choose several values; radios (K), a list (P) and colour
 * swatches (R) one; price is a range.
 * Control names come prefixed from the server and are kept short (`F_…`) in the URL.
 */
export function FilterPanel({
  items,
  value,
  onChange,
}: {
  items: FilterItem[];
  value: Record<string, string[]>;
  onChange: (next: Record<string, string[]>) => void;
}) {
  const { t } = useTranslation('catalog');
  const set = (key: string, values: string[]) => {
    const next = { ...value };
    if (values.length) next[key] = values;
    else delete next[key];
    onChange(next);
  };
  return (
    <Box
      component="form"
      aria-label={t('filter.title')}
      sx={{ display: 'grid', gap: 2 }}
      onSubmit={(e) => e.preventDefault()}
    >
      {items.map((item) => {
        if (item.PRICE) return <PriceRange key={item.ID} item={item} value={value} onChange={onChange} />;
        const key = toShortFilterKey(item.VALUES[0]?.CONTROL_NAME ?? `F_${item.CODE}`);
        const selected = value[key] ?? [];
        return (
          <Box key={item.ID} component="fieldset" sx={{ border: 0, p: 0, m: 0 }}>
            <Typography component="legend" sx={{ fontWeight: 600, mb: 0.5 }}>
              {item.NAME}
            </Typography>
            {item.DISPLAY_TYPE === 'P' ? (
              <TextField
                select
                size="small"
                fullWidth
                label={item.NAME}
                value={selected[0] ?? ''}
                onChange={(e) => set(key, e.target.value ? [e.target.value] : [])}
                // Nothing chosen shows «Любая» in the box, the label sits above it.
                slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
              >
                <MenuItem value="">{t('filter.anyList')}</MenuItem>
                {item.VALUES.map((v) => (
                  <MenuItem key={v.CONTROL_ID} value={v.VALUE} disabled={v.ELEMENT_COUNT === 0}>
                    {`${v.HTML_VALUE} (${v.ELEMENT_COUNT})`}
                  </MenuItem>
                ))}
              </TextField>
            ) : item.DISPLAY_TYPE === 'R' ? (
              <Box role="radiogroup" aria-label={item.NAME} sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
                {item.VALUES.map((v) => {
                  const checked = selected[0] === v.VALUE;
                  return (
                    <Box
                      key={v.CONTROL_ID}
                      component="button"
                      type="button"
                      role="radio"
                      aria-checked={checked}
                      aria-label={`${v.HTML_VALUE} (${v.ELEMENT_COUNT})`}
                      title={v.HTML_VALUE}
                      disabled={!checked && v.ELEMENT_COUNT === 0}
                      onClick={() => set(key, checked ? [] : [v.VALUE])}
                      sx={{
                        width: 32,
                        height: 32,
                        borderRadius: '50%',
                        bgcolor: v.VALUE,
                        border: 2,
                        borderColor: checked ? 'primary.main' : 'divider',
                        outline: checked ? '2px solid' : 'none',
                        outlineColor: 'primary.main',
                        outlineOffset: 2,
                        cursor: 'pointer',
                        '&:disabled': { opacity: 0.3, cursor: 'default' },
                      }}
                    />
                  );
                })}
              </Box>
            ) : item.DISPLAY_TYPE === 'K' ? (
              <RadioGroup value={selected[0] ?? ''} onChange={(e) => set(key, e.target.value ? [e.target.value] : [])}>
                <FormControlLabel value="" control={<Radio size="small" />} label={t('filter.any')} />
                {item.VALUES.map((v) => (
                  <FormControlLabel
                    key={v.CONTROL_ID}
                    value={v.VALUE}
                    control={<Radio size="small" />}
                    label={`${v.HTML_VALUE} (${v.ELEMENT_COUNT})`}
                  />
                ))}
              </RadioGroup>
            ) : (
              <FormGroup sx={{ maxHeight: 260, overflowY: 'auto', flexWrap: 'nowrap' }}>
                {item.VALUES.map((v) => {
                  const checked = selected.includes(v.VALUE);
                  return (
                    <FormControlLabel
                      key={v.CONTROL_ID}
                      disabled={!checked && v.ELEMENT_COUNT === 0}
                      control={
                        <Checkbox
                          size="small"
                          checked={checked}
                          onChange={(e) =>
                            set(key, e.target.checked ? [...selected, v.VALUE] : selected.filter((x) => x !== v.VALUE))
                          }
                        />
                      }
                      label={`${v.HTML_VALUE} (${v.ELEMENT_COUNT})`}
                    />
                  );
                })}
              </FormGroup>
            )}
          </Box>
        );
      })}
      {Object.keys(value).length > 0 && (
        <Button variant="outlined" onClick={() => onChange({})}>
          {t('filter.reset')}
        </Button>
      )}
    </Box>
  );
}

function PriceRange({
  item,
  value,
  onChange,
}: {
  item: FilterItem;
  value: Record<string, string[]>;
  onChange: (next: Record<string, string[]>) => void;
}) {
  const { t } = useTranslation('catalog');
  const [min, setMin] = useState(value.F_PRICE_MIN?.[0] ?? '');
  const [max, setMax] = useState(value.F_PRICE_MAX?.[0] ?? '');
  useEffect(() => {
    setMin(value.F_PRICE_MIN?.[0] ?? '');
    setMax(value.F_PRICE_MAX?.[0] ?? '');
  }, [value.F_PRICE_MIN, value.F_PRICE_MAX]);
  const apply = () => {
    const next = { ...value };
    delete next.F_PRICE_MIN;
    delete next.F_PRICE_MAX;
    if (min.trim() && Number(min) >= 0) next.F_PRICE_MIN = [min.trim()];
    if (max.trim() && Number(max) >= 0) next.F_PRICE_MAX = [max.trim()];
    onChange(next);
  };
  const [lo, hi] = item.VALUES;
  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0 }}>
      <Typography component="legend" sx={{ fontWeight: 600, mb: 1 }}>
        {item.NAME}, ₽
      </Typography>
      <Box sx={{ display: 'flex', gap: 1 }}>
        <TextField
          size="small"
          type="number"
          label={t('filter.from')}
          placeholder={lo?.VALUE}
          value={min}
          onChange={(e) => setMin(e.target.value)}
          onBlur={apply}
          onKeyDown={(e) => e.key === 'Enter' && apply()}
          slotProps={{ htmlInput: { min: 0 } }}
        />
        <TextField
          size="small"
          type="number"
          label={t('filter.to')}
          placeholder={hi?.VALUE}
          value={max}
          onChange={(e) => setMax(e.target.value)}
          onBlur={apply}
          onKeyDown={(e) => e.key === 'Enter' && apply()}
          slotProps={{ htmlInput: { min: 0 } }}
        />
      </Box>
    </Box>
  );
}
