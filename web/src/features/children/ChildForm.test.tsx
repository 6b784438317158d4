import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18n from '../../i18n';
import { ChildForm } from './ChildForm';

describe('ChildForm', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('es');
  });

  it('says a birth date in the future is in the future', async () => {
    const onSubmit = vi.fn(() => Promise.resolve());
    render(<ChildForm onSubmit={onSubmit} onDone={() => {}} fallbackError="x" />);
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Nombre'), 'Lucía');
    await user.type(screen.getByLabelText('Apellido'), 'García');
    await user.type(screen.getByLabelText('Fecha de nacimiento'), '2999-01-01');
    await user.selectOptions(screen.getByLabelText('Género'), 'femenino');
    await user.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText('La fecha de nacimiento no puede ser futura')).toBeInTheDocument();
    expect(screen.queryByText('Por favor completa los campos requeridos')).not.toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
  });
});

describe('ChildForm gender', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('es');
  });

  it('starts with no gender chosen and requires one', async () => {
    const onSubmit = vi.fn(() => Promise.resolve());
    render(<ChildForm onSubmit={onSubmit} onDone={() => {}} fallbackError="x" />);
    const user = userEvent.setup();
    expect(screen.getByLabelText('Género')).toHaveValue('');
    await user.type(screen.getByLabelText('Nombre'), 'Mateo');
    await user.type(screen.getByLabelText('Apellido'), 'García');
    await user.type(screen.getByLabelText('Fecha de nacimiento'), '2019-09-30');
    await user.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText('Elige el género')).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();

    await user.selectOptions(screen.getByLabelText('Género'), 'masculino');
    await user.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(onSubmit).toHaveBeenCalledWith(expect.objectContaining({ genero: 'masculino' }));
  });
});
