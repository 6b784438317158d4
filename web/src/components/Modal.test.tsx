import { useState } from 'react';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useForm } from 'react-hook-form';
import i18n from '../i18n';
import { TextField } from './Field';
import { Modal } from './Modal';

function Opener() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Abrir
      </button>
      <Modal open={open} onClose={() => setOpen(false)} title="Editar">
        <input aria-label="Nombre" />
      </Modal>
    </>
  );
}

describe('Modal', () => {
  it('gives focus back to what opened it when it closes', async () => {
    render(<Opener />);
    const opener = screen.getByRole('button', { name: 'Abrir' });
    opener.focus();
    fireEvent.click(opener);
    expect(await screen.findByRole('dialog', { name: 'Editar' })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Cerrar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(opener).toHaveFocus();
  });

  it('closes with the Back button instead of leaving the page', async () => {
    render(<Opener />);
    const before = window.history.length;
    fireEvent.click(screen.getByRole('button', { name: 'Abrir' }));
    await screen.findByRole('dialog', { name: 'Editar' });
    expect(window.history.length).toBe(before + 1);
    act(() => {
      window.history.back();
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('takes its entry away once closed, but not while the page is being left: that Back would cancel the navigation', async () => {
    const back = vi.spyOn(window.history, 'back');
    const removed = vi.spyOn(window, 'removeEventListener');
    try {
      render(<Opener />);
      fireEvent.click(screen.getByRole('button', { name: 'Abrir' }));
      await screen.findByRole('dialog', { name: 'Editar' });
      fireEvent.click(screen.getByRole('button', { name: 'Cerrar' }));
      await waitFor(() => expect(back).toHaveBeenCalledTimes(1));

      back.mockClear();
      removed.mockClear();
      fireEvent.click(screen.getByRole('button', { name: 'Abrir' }));
      await screen.findByRole('dialog', { name: 'Editar' });
      window.dispatchEvent(new Event('beforeunload'));
      fireEvent.click(screen.getByRole('button', { name: 'Cerrar' }));
      // The closed dialog has let go of the page once it stops listening for it being left.
      await waitFor(() => expect(removed).toHaveBeenCalledWith('beforeunload', expect.any(Function)));
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
      expect(back).not.toHaveBeenCalled();
    } finally {
      back.mockRestore();
      removed.mockRestore();
    }
  });
});

function DateForm({ onSubmit }: { onSubmit: (v: { birth: string; at: string }) => void }) {
  const { register, handleSubmit } = useForm({ defaultValues: { birth: '2019-05-06', at: '17:30' } });
  return (
    <form onSubmit={(e) => void handleSubmit(onSubmit)(e)}>
      <TextField label="Nacimiento" type="date" {...register('birth')} />
      <TextField label="Hora" type="time" {...register('at')} />
      <button type="submit">Guardar</button>
    </form>
  );
}

describe('date and time fields', () => {
  afterEach(async () => {
    await i18n.changeLanguage('es');
  });

  it('show and take dd/mm/yyyy and 24 h in Spanish, and keep ISO values for the API', async () => {
    const submit = vi.fn();
    render(<DateForm onSubmit={submit} />);
    const birth = screen.getByLabelText('Nacimiento');
    expect(birth).toHaveValue('06/05/2019');
    expect(screen.getByLabelText('Hora')).toHaveValue('17:30');
    fireEvent.change(birth, { target: { value: '07/08/2020' } });
    fireEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(submit).toHaveBeenCalled());
    expect(submit.mock.calls[0]![0]).toEqual({ birth: '2020-08-07', at: '17:30' });
  });

  it('follow the language: mm/dd/yyyy and 12 h in English', async () => {
    await act(() => i18n.changeLanguage('en'));
    render(<DateForm onSubmit={vi.fn()} />);
    expect(screen.getByLabelText('Nacimiento')).toHaveValue('05/06/2019');
    expect(screen.getByLabelText('Hora')).toHaveValue('5:30 PM');
  });
});
