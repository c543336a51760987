import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { SearchableSelect } from './searchable-select';

function Harness({ allowCustom = false, options = ['Los Angeles', 'Long Beach', 'Pasadena'] }) {
  const [value, setValue] = useState('');
  return (
    <>
      <SearchableSelect
        id="city"
        noun="city"
        value={value}
        onChange={setValue}
        options={options}
        allowCustom={allowCustom}
      />
      <output data-testid="value">{value}</output>
    </>
  );
}

afterEach(cleanup);

describe('SearchableSelect (spec 2.7, 8)', () => {
  it('filters as you type and Enter picks the highlighted match', () => {
    render(<Harness />);
    const input = screen.getByRole('combobox');
    fireEvent.focus(input);
    fireEvent.change(input, { target: { value: 'lo' } });
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['Los Angeles', 'Long Beach']);
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(screen.getByTestId('value').textContent).toBe('Long Beach');
  });

  it('offers the typed text when nothing matches, and Enter takes it', () => {
    render(<Harness allowCustom />);
    const input = screen.getByRole('combobox');
    fireEvent.focus(input);
    fireEvent.change(input, { target: { value: 'Zzyzx' } });
    expect(screen.getByText('No city found. Press enter to use "Zzyzx" as value.')).toBeTruthy();
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(screen.getByTestId('value').textContent).toBe('Zzyzx');
  });

  it("says 'No item found' for an empty list without typed values", () => {
    render(<Harness options={[]} />);
    fireEvent.focus(screen.getByRole('combobox'));
    expect(screen.getByText('No item found')).toBeTruthy();
  });
});
