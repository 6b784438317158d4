import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import i18n from '../../i18n';
import { ChildrenView } from './ChildrenPage';
import { sortContacts } from './ContactsTab';
import type { Child, Contact } from './api';

function child(overrides: Partial<Child>): Child {
  return {
    _id: 'c1',
    familiaId: 'f1',
    nombre: 'Lucía',
    apellido: 'García',
    fechaNacimiento: '2016-04-12',
    genero: 'femenino',
    informacionEscolar: { horarioEscolar: {} },
    informacionMedica: { doctorPrimario: {}, alergias: [], medicamentos: [], condicionesEspeciales: [] },
    actividades: [],
    turnosMedicos: [],
    contactosEmergencia: [],
    createdAt: '2026-01-01T00:00:00Z',
    updatedAt: '2026-01-01T00:00:00Z',
    ...overrides,
  };
}

const view = (props: Partial<Parameters<typeof ChildrenView>[0]>) =>
  render(
    <MemoryRouter>
      <ChildrenView loading={false} error={null} list={[]} onRetry={() => {}} onAdd={() => {}} {...props} />
    </MemoryRouter>,
  );

describe('ChildrenView', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('es');
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(2026, 10, 22));
  });
  afterEach(() => vi.useRealTimers());

  it('offers to add the first child when there are none, without stats', () => {
    view({ list: [] });
    expect(screen.getByRole('button', { name: 'Agregar a mi primer hijo' })).toBeInTheDocument();
    expect(screen.queryByText('Edad promedio')).not.toBeInTheDocument();
  });

  it('shows the error with a retry', () => {
    const onRetry = vi.fn();
    view({ error: 'Sin conexión', onRetry });
    expect(screen.getByRole('alert')).toHaveTextContent('Error al cargar hijos');
    screen.getByRole('button', { name: 'Reintentar' }).click();
    expect(onRetry).toHaveBeenCalled();
  });

  it('counts boys and girls and rounds the average age', () => {
    view({
      list: [
        child({ _id: 'a', genero: 'femenino', fechaNacimiento: '2016-04-12' }),
        child({ _id: 'b', nombre: 'Mateo', genero: 'masculino', fechaNacimiento: '2019-09-30' }),
        child({ _id: 'c', nombre: 'Sol', genero: 'femenino', fechaNacimiento: '2020-12-01' }),
      ],
    });
    const stat = (label: string) => within(screen.getByText(label).parentElement as HTMLElement).getByRole('definition');
    expect(stat('Total')).toHaveTextContent('3');
    expect(stat('Varones')).toHaveTextContent('1');
    expect(stat('Mujeres')).toHaveTextContent('2');
    // Ages 10, 7 and 5: the mean 7.33 rounds to 7.
    expect(stat('Edad promedio')).toHaveTextContent('7');
    expect(screen.getByRole('link', { name: /Mateo García/ })).toHaveAttribute('href', '/children/b');
    expect(screen.getByText(/10 años · 12 de abril de 2016/)).toBeInTheDocument();
    expect(screen.queryByText(/Familia:/)).not.toBeInTheDocument();
  });

  it("names each child's family when the user is in several", () => {
    view({
      list: [child({ _id: 'a' }), child({ _id: 'b', nombre: 'Mateo', familiaId: 'f2' })],
      familyNames: { f1: 'Casa de Ana', f2: 'Familia Sosa' },
    });
    expect(screen.getByRole('link', { name: /Lucía García/ })).toHaveTextContent('Familia: Casa de Ana');
    expect(screen.getByRole('link', { name: /Mateo García/ })).toHaveTextContent('Familia: Familia Sosa');
  });
});

describe('sortContacts', () => {
  it('orders by priority with missing priorities last', () => {
    const c = (id: string, prioridad?: number): Contact => ({ id, nombre: id, relacion: 'x', telefono: '1', prioridad });
    expect(sortContacts([c('none'), c('two', 2), c('one', 1)]).map((x) => x.id)).toEqual(['one', 'two', 'none']);
  });
});
