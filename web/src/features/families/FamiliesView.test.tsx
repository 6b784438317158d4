import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18n from '../../i18n';
import { ApiError } from '../../api/client';
import type { Family, Member } from './api';
import { FamiliesView } from './FamiliesPage';
import { memberActions, relationOptions } from '../../lib/familyLabels';
import es from '../../i18n/app.es.json';
import en from '../../i18n/app.en.json';

const member = (over: Partial<Member>): Member => ({
  _id: 'm1',
  usuarioId: 'u1',
  nombre: 'Lucía',
  apellido: 'Pereyra',
  esAdmin: false,
  estado: 'activo',
  foto: null,
  permiso: 'coparent',
  relacion: 'madre',
  yo: false,
  bloqueado: false,
  ...over,
});

const family = (over: Partial<Family> = {}): Family => ({
  _id: 'f1',
  nombre: 'Familia Pereyra',
  zonaHoraria: 'America/Montevideo',
  hijos: 2,
  miPermiso: 'coparent',
  soyAdmin: true,
  miembros: [
    member({ _id: 'm1', yo: true, esAdmin: true }),
    member({ _id: 'm2', usuarioId: 'u2', nombre: 'Martín', apellido: 'Sosa', relacion: 'padre', permiso: 'viewer' }),
    member({ _id: 'm3', usuarioId: 'u3', nombre: 'Ana', apellido: 'Ruiz', relacion: 'abuela', estado: 'cuenta_cerrada' }),
  ],
  ...over,
});

const view = (families: Family[], props: Partial<Parameters<typeof FamiliesView>[0]> = {}) =>
  render(
    <FamiliesView
      families={families}
      onSave={() => Promise.resolve()}
      onChangeMember={() => Promise.resolve()}
      onRemove={() => Promise.resolve()}
      onBlock={() => Promise.resolve()}
      onUnblock={() => Promise.resolve()}
      onDone={() => {}}
      {...props}
    />,
  );

const row = (name: string) => screen.getByText(name).closest('li') as HTMLElement;

describe('families labels', () => {
  it('lets admins edit and remove others, and anyone leave', () => {
    expect(memberActions(member({ yo: true }), false)).toEqual({ canEdit: false, canSetRelation: true, canRemove: false, canLeave: true });
    expect(memberActions(member({}), true)).toEqual({ canEdit: true, canSetRelation: true, canRemove: true, canLeave: false });
    expect(memberActions(member({}), false).canSetRelation).toBe(false);
    expect(memberActions(member({ estado: 'cuenta_cerrada' }), true).canEdit).toBe(false);
  });
});

describe('relation options', () => {
  it('offers each relation once in each language, keeping the saved one', () => {
    const inSpanish = (r: Member['relacion']) => es.families.relation[r];
    const inEnglish = (r: Member['relacion']) => en.families.relation[r];
    expect(relationOptions(inSpanish)).toHaveLength(9);
    const english = relationOptions(inEnglish).map((o) => o.label);
    expect(new Set(english).size).toBe(english.length);
    expect(english.filter((l) => l === 'Guardian')).toHaveLength(1);
    expect(english.filter((l) => l === 'Caregiver')).toHaveLength(1);
    const saved = relationOptions(inEnglish, 'tutora').map((o) => o.value);
    expect(saved).toContain('tutora');
    expect(saved).not.toContain('tutor');
  });
});

describe('FamiliesView', () => {
  beforeEach(() => i18n.changeLanguage('es'));

  it('shows the family, its members, their access, badges and status', () => {
    view([family()]);
    expect(screen.getByRole('heading', { level: 2, name: 'Familia Pereyra' })).toBeInTheDocument();
    expect(screen.getByText(/Zona horaria: Montevideo/)).toBeInTheDocument();
    const me = row('Lucía Pereyra');
    expect(within(me).getByText('Tú')).toBeInTheDocument();
    expect(within(me).getByText('Admin')).toBeInTheDocument();
    expect(within(me).getByText(/Co-padre\/co-madre: acceso completo/, { selector: 'p' })).toBeInTheDocument();
    expect(within(row('Martín Sosa')).getByText(/Solo lectura/, { selector: 'p' })).toBeInTheDocument();
    expect(within(row('Ana Ruiz')).getByText('Cuenta cerrada')).toBeInTheDocument();
    expect(within(me).getByText('Activo')).toBeInTheDocument();
  });

  it('hides the admin controls from a non-admin, who can still leave', () => {
    view([family({ soyAdmin: false, miembros: [member({ _id: 'm1', yo: true }), member({ _id: 'm2', nombre: 'Martín', apellido: 'Sosa' })] })]);
    expect(screen.queryByRole('button', { name: 'Editar nombre y zona horaria' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Quitar de la familia' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Salir de la familia' })).toBeInTheDocument();
  });

  it('sends a permission change for that member', async () => {
    const onChangeMember = vi.fn(() => Promise.resolve());
    view([family()], { onChangeMember });
    await userEvent.selectOptions(within(row('Martín Sosa')).getByLabelText('Acceso'), 'coparent');
    expect(onChangeMember).toHaveBeenCalledWith('f1', 'm2', { permiso: 'coparent' });
  });

  it('lets a member who is no admin set their own relation, and only theirs', async () => {
    const onChangeMember = vi.fn(() => Promise.resolve());
    view([family({ soyAdmin: false, miPermiso: 'viewer', miembros: [member({ _id: 'm1', yo: true, permiso: 'viewer', relacion: 'otro' }), member({ _id: 'm2', nombre: 'Martín', apellido: 'Sosa' })] })], { onChangeMember });
    await userEvent.selectOptions(within(row('Lucía Pereyra')).getByLabelText('Tu relación con los niños'), 'abuela');
    expect(onChangeMember).toHaveBeenCalledWith('f1', 'm1', { relacion: 'abuela' });
    expect(within(row('Martín Sosa')).queryByRole('combobox')).not.toBeInTheDocument();
  });

  it('shows the server refusal when leaving is not allowed', async () => {
    const onRemove = vi.fn(() => Promise.reject(new ApiError(409, 'Eres el único administrador: nombra a otro antes de salir.')));
    view([family()], { onRemove });
    await userEvent.click(screen.getByRole('button', { name: 'Salir de la familia' }));
    const dialog = screen.getByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Salir' }));
    expect(onRemove).toHaveBeenCalledWith('f1', 'm1');
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Eres el único administrador');
  });

  it('puts the server field error on the name field', async () => {
    const onSave = vi.fn(() => Promise.reject(new ApiError(422, 'Revisa los datos', undefined, { nombre: 'Nombre demasiado raro' })));
    view([family()], { onSave });
    await userEvent.click(screen.getByRole('button', { name: 'Editar nombre y zona horaria' }));
    const name = screen.getByLabelText('Nombre de la familia');
    await userEvent.clear(name);
    await userEvent.type(name, 'Casa');
    await userEvent.click(screen.getByRole('button', { name: 'Guardar cambios' }));
    expect(onSave).toHaveBeenCalledWith('f1', { nombre: 'Casa', zonaHoraria: 'America/Montevideo' });
    expect(await screen.findByText('Nombre demasiado raro')).toBeInTheDocument();
  });

  it('shows the invitation tools only to co-parents', () => {
    const tools = (f: Family) => <p>tools of {f.nombre}</p>;
    view([family()], { invitations: tools });
    expect(screen.getByText('tools of Familia Pereyra')).toBeInTheDocument();
  });

  it('shows a viewer the members but no invitation or access controls', () => {
    const tools = (f: Family) => <p>tools of {f.nombre}</p>;
    const viewer = family({ soyAdmin: false, miPermiso: 'viewer', miembros: [member({ _id: 'm1', yo: true, permiso: 'viewer' }), member({ _id: 'm2', nombre: 'Martín', apellido: 'Sosa' })] });
    view([viewer], { invitations: tools });
    expect(screen.queryByText('tools of Familia Pereyra')).not.toBeInTheDocument();
    expect(screen.getByText('Martín Sosa')).toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'Acceso' })).not.toBeInTheDocument();
  });

  it('blocks another member after confirming, and marks and unblocks a blocked one', async () => {
    const onBlock = vi.fn(() => Promise.resolve());
    const onUnblock = vi.fn(() => Promise.resolve());
    const onDone = vi.fn();
    view([family({ miembros: [member({ _id: 'm1', yo: true }), member({ _id: 'm2', usuarioId: 'u2', nombre: 'Martín', apellido: 'Sosa' }), member({ _id: 'm3', usuarioId: 'u3', nombre: 'Ana', apellido: 'Ruiz', bloqueado: true })] })], { onBlock, onUnblock, onDone });
    expect(within(row('Lucía Pereyra')).queryByRole('button', { name: 'Bloquear' })).not.toBeInTheDocument();
    await userEvent.click(within(row('Martín Sosa')).getByRole('button', { name: 'Bloquear' }));
    const dialog = screen.getByRole('dialog');
    expect(dialog).toHaveTextContent('Nadie pierde el acceso');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Bloquear' }));
    expect(onBlock).toHaveBeenCalledWith('u2');
    expect(onDone).toHaveBeenCalledWith('families.block.done');

    const blocked = row('Ana Ruiz');
    expect(within(blocked).getByText('Bloqueado')).toBeInTheDocument();
    await userEvent.click(within(blocked).getByRole('button', { name: 'Desbloquear' }));
    expect(onUnblock).toHaveBeenCalledWith('u3');
  });
});
