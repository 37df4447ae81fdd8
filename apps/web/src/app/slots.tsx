import SearchIcon from '@mui/icons-material/Search';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';

/**
 * What features put into the top bar. The app composes them here so that features never import each
 * other: the catalogue supplies the quick search, ordering the active basket, notices the bell.
 */
function SearchSlot() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [text, setText] = useState('');
  return (
    <form
      role="search"
      onSubmit={(e) => {
        e.preventDefault();
        if (text.trim()) void navigate(`/search/?search=${encodeURIComponent(text.trim())}`);
      }}
      style={{ width: '100%', maxWidth: 560 }}
    >
      <TextField
        value={text}
        onChange={(e) => setText(e.target.value)}
        placeholder={t('search.placeholder')}
        aria-label={t('search.placeholder')}
        sx={{ bgcolor: 'background.paper', borderRadius: 1 }}
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
    </form>
  );
}

function ActionsSlot() {
  return null;
}

export const TopBarSlots = { Search: SearchSlot, Actions: ActionsSlot };
