import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import '../lib/i18n';
import { DateFilterField } from './DateFilterField';

function Field({ initial }: { initial: string }) {
  const [value, setValue] = useState(initial);
  return <DateFilterField label="Дата с" value={value} onChange={setValue} />;
}

describe('DateFilterField', () => {
  it('asks for ДД.ММ.ГГГГ and says when the text is not a day', () => {
    render(<Field initial="" />);
    const input = screen.getByLabelText('Дата с');
    expect(input.getAttribute('placeholder')).toBe('ДД.ММ.ГГГГ');
    fireEvent.change(input, { target: { value: '31.02.2026' } });
    expect(screen.getByText('Дата в виде ДД.ММ.ГГГГ')).toBeTruthy();
    expect(input.getAttribute('aria-invalid')).toBe('true');
    fireEvent.change(input, { target: { value: '28.02.2026' } });
    expect(screen.queryByText('Дата в виде ДД.ММ.ГГГГ')).toBeNull();
    expect(input.getAttribute('aria-invalid')).toBe('false');
  });
});
