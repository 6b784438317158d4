import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { FamilyPicker } from './FamilyPicker';

const families = [
  { _id: 'f1', nombre: 'Casa de Ana' },
  { _id: 'f2', nombre: 'Casa de Beto' },
];

describe('FamilyPicker', () => {
  it('shows nothing to someone in one family', () => {
    const { container } = render(<FamilyPicker families={families.slice(0, 1)} value="f1" onChange={() => {}} label="Familia" />);
    expect(container).toBeEmptyDOMElement();
  });

  it('offers every family under its label and tells which one was chosen', async () => {
    const onChange = vi.fn();
    render(<FamilyPicker families={families} value="f1" onChange={onChange} label="Familia" />);
    const select = screen.getByRole('combobox', { name: 'Familia' });
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['Casa de Ana', 'Casa de Beto']);
    await userEvent.selectOptions(select, 'f2');
    expect(onChange).toHaveBeenCalledWith('f2');
  });

  it('offers all families at once first when asked to', async () => {
    const onChange = vi.fn();
    render(<FamilyPicker families={families} value="f2" onChange={onChange} label="Familia" anyLabel="Todas" />);
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['Todas', 'Casa de Ana', 'Casa de Beto']);
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Familia' }), '');
    expect(onChange).toHaveBeenCalledWith('');
  });
});
