import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18n from '../../i18n';
import { jsonResponse } from '../../test/render';
import { familyCarlaReads, renderSignedIn } from '../../test/signedIn';
import ChildrenPage from './ChildrenPage';

const lucia = {
  _id: 'c-lucia',
  familiaId: 'f-paz',
  nombre: 'Lucía',
  apellido: 'Paz',
  fechaNacimiento: '2018-03-04',
  genero: 'femenino',
  informacionEscolar: { horarioEscolar: {} },
  informacionMedica: { doctorPrimario: {}, alergias: [], medicamentos: [], condicionesEspeciales: [] },
  actividades: [],
  turnosMedicos: [],
  contactosEmergencia: [],
  createdAt: '2026-01-01T00:00:00Z',
  updatedAt: '2026-01-01T00:00:00Z',
};

describe('the children page of someone who only views her families', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('es');
  });
  afterEach(() => {
    vi.restoreAllMocks();
    window.localStorage.clear();
  });

  it('offers no child to add to them, and a family of her own only as an explicit choice', async () => {
    const sent = renderSignedIn(<ChildrenPage />, {
      'GET /api/familias': () => jsonResponse(200, { success: true, data: [familyCarlaReads] }),
      'GET /api/hijos': () => jsonResponse(200, { success: true, data: [lucia] }),
      'POST /api/hijos': () => jsonResponse(201, { success: true, data: { ...lucia, _id: 'c-sol', familiaId: 'f-carla', nombre: 'Sol' } }),
    });
    expect(await screen.findByText(/Lucía Paz/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Agregar hijo' })).not.toBeInTheDocument();
    expect(screen.getByText('En Familia Paz puedes ver a los chicos, pero los agregan sus co-padres.')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Empezar mi propia familia' }));
    const dialog = screen.getByRole('dialog', { name: 'Empezar mi propia familia' });
    expect(dialog).toHaveTextContent('se creará una familia nueva');
    await userEvent.type(within(dialog).getByLabelText('Nombre'), 'Sol');
    await userEvent.type(within(dialog).getByLabelText('Apellido'), 'Paz');
    await userEvent.type(within(dialog).getByLabelText('Fecha de nacimiento'), '2021-02-03');
    await userEvent.selectOptions(within(dialog).getByLabelText('Género'), 'femenino');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Guardar' }));

    await vi.waitFor(() => expect(sent.some((r) => r.method === 'POST' && r.path === '/api/hijos')).toBe(true));
    const created = sent.find((r) => r.method === 'POST' && r.path === '/api/hijos');
    expect(created?.body).toEqual(expect.objectContaining({ nombre: 'Sol', nuevaFamilia: true }));
    expect(created?.body).not.toHaveProperty('familiaId');
  });

  it('says who adds the children while there are none', async () => {
    renderSignedIn(<ChildrenPage />, {
      'GET /api/familias': () => jsonResponse(200, { success: true, data: [{ ...familyCarlaReads, hijos: 0 }] }),
      'GET /api/hijos': () => jsonResponse(200, { success: true, data: [] }),
    });
    expect(await screen.findByText('Todavía no hay hijos en Familia Paz')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Agregar a mi primer hijo' })).not.toBeInTheDocument();
  });

  it('adds to her own family as before once she co-parents one', async () => {
    const own = { ...familyCarlaReads, _id: 'f-carla', nombre: 'Familia de Carla', miPermiso: 'coparent', soyAdmin: true };
    renderSignedIn(<ChildrenPage />, {
      'GET /api/familias': () => jsonResponse(200, { success: true, data: [familyCarlaReads, own] }),
      'GET /api/hijos': () => jsonResponse(200, { success: true, data: [lucia] }),
    });
    expect(await screen.findByRole('button', { name: 'Agregar hijo' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Empezar mi propia familia' })).not.toBeInTheDocument();
  });
});
