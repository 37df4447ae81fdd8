import TextField from '@mui/material/TextField';
import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { FilterBar } from './FilterBar';

const KEYS = ['search', 'dealer'] as const;
type Draft = Record<(typeof KEYS)[number], string>;

function Bar({ onApply, search }: { onApply: (draft: Draft) => void; search?: boolean }) {
  const [draft, setDraft] = useState<Draft>({ search: '', dealer: 'ООО Ромашка' });
  return (
    <FilterBar
      keys={KEYS}
      draft={draft}
      setDraft={setDraft}
      onApply={onApply}
      applyLabel="Применить"
      resetLabel="Сбросить"
      columns={{ xs: '1fr' }}
      search={search}
    >
      {KEYS.map((k) => (
        <TextField key={k} label={k} value={draft[k]} onChange={(e) => setDraft({ ...draft, [k]: e.target.value })} />
      ))}
    </FilterBar>
  );
}

describe('FilterBar', () => {
  it('applies the draft with the button; reset empties every field and applies the empty draft', () => {
    const onApply = vi.fn();
    render(<Bar onApply={onApply} search />);
    fireEvent.change(screen.getByLabelText('search'), { target: { value: 'CX-15' } });
    fireEvent.click(screen.getByRole('button', { name: 'Применить' }));
    expect(onApply).toHaveBeenLastCalledWith({ search: 'CX-15', dealer: 'ООО Ромашка' });
    fireEvent.click(screen.getByRole('button', { name: 'Сбросить' }));
    expect(onApply).toHaveBeenLastCalledWith({ search: '', dealer: '' });
    expect(screen.getByLabelText('dealer')).toHaveValue('');
    expect(screen.getByRole('search')).toBeInTheDocument();
  });

  it('is a search landmark only when asked', () => {
    render(<Bar onApply={() => {}} />);
    expect(screen.queryByRole('search')).toBeNull();
  });
});
