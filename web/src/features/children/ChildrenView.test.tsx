import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import i18n from '../../i18n';
import { ChildrenView } from './ChildrenPage';
import { sortContacts } from './ContactsTab';
import { sameName } from './DeleteChildDialog';
import { DeletedChildrenView } from './DeletedChildren';
import { HealthAlertsPanel } from './HealthAlerts';
import { tabFromParam } from './ChildDetailPage';
import type { Child, Contact } from './api';
import { activityByChild } from './today/format';
import { casaDeAna, todayOf } from './today/fixtures';

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

describe("each child's activity", () => {
  const list = [child({ _id: 'h-lucia' }), child({ _id: 'h-mateo', nombre: 'Mateo', genero: 'masculino' })];
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    // Two hours after Lucía's latest record entry.
    vi.setSystemTime(new Date('2026-11-24T13:00:00Z'));
  });
  afterEach(async () => {
    vi.useRealTimers();
    await i18n.changeLanguage('es');
  });

  it('shows the last activity and the first coming events, or says there are none', async () => {
    await i18n.changeLanguage('es');
    view({ list, activity: activityByChild(todayOf([casaDeAna()])) });
    const lucia = within(screen.getByRole('link', { name: /Lucía García/ })).getByTestId('child-activity');
    expect(lucia).toHaveTextContent('Última actividad: hace 2 horas');
    // Three in the next 30 days: the first two are named.
    expect(lucia).toHaveTextContent(/3 eventos próximos: Natación \(mar, 24 nov, 17:30\), Dentista \(sáb, 28 nov\)$/);
    const mateo = within(screen.getByRole('link', { name: /Mateo García/ })).getByTestId('child-activity');
    expect(mateo).toHaveTextContent('Sin actividad todavía');
    expect(mateo).toHaveTextContent('Sin eventos próximos');
  });

  it('says it in English too', async () => {
    await i18n.changeLanguage('en');
    view({ list, activity: activityByChild(todayOf([casaDeAna()])) });
    const lucia = within(screen.getByRole('link', { name: /Lucía García/ })).getByTestId('child-activity');
    expect(lucia).toHaveTextContent('Last activity: 2 hours ago');
    expect(lucia).toHaveTextContent('3 upcoming events: Natación (Tue, Nov 24, 5:30');
    expect(within(screen.getByRole('link', { name: /Mateo García/ })).getByTestId('child-activity')).toHaveTextContent('No activity yetNo upcoming events');
  });

  it('says nothing while it is not known', () => {
    view({ list, activity: undefined });
    expect(screen.queryByTestId('child-activity')).not.toBeInTheDocument();
  });
});

describe('health alerts', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('es');
  });

  const medical = { doctorPrimario: {}, alergias: ['Penicilina', 'Maní'], medicamentos: ['Ibuprofeno, 5 ml'], condicionesEspeciales: [] };

  it("lead the child's card, each allergy on its own, named in words", () => {
    view({ list: [child({ informacionMedica: medical })] });
    const card = screen.getByRole('link', { name: /Lucía García/ });
    const alerts = within(card).getByTestId('health-alerts');
    expect(alerts).toHaveTextContent('Alergias:PenicilinaManí');
    expect(alerts).toHaveTextContent('Medicamentos:Ibuprofeno, 5 ml');
    expect(alerts).not.toHaveTextContent('Condiciones');
    // First after the name, before the age.
    expect(card.textContent?.indexOf('Penicilina')).toBeLessThan(card.textContent?.indexOf('10 años') ?? 0);
  });

  it('show one per line on the overview, or say there are none', () => {
    const { unmount } = render(<HealthAlertsPanel child={child({ informacionMedica: medical })} />);
    const items = within(screen.getByRole('heading', { name: 'Alergias' }).parentElement as HTMLElement).getAllByRole('listitem');
    expect(items.map((li) => li.textContent)).toEqual(['Penicilina', 'Maní']);
    unmount();
    render(<HealthAlertsPanel child={child({})} />);
    expect(screen.getByText('No hay alergias, medicamentos ni condiciones registradas.')).toBeInTheDocument();
  });
});

describe('deleting a child', () => {
  it('takes the first name in any case and without accents', () => {
    expect(sameName('lucia', 'Lucía')).toBe(true);
    expect(sameName('  LUCÍA ', 'Lucía')).toBe(true);
    expect(sameName('Luci', 'Lucía')).toBe(false);
    expect(sameName('', '')).toBe(false);
  });

  it('lists deleted records with until when they can be restored', async () => {
    await i18n.changeLanguage('en');
    const onRestore = vi.fn();
    const record = {
      _id: 'd1',
      familiaId: 'f1',
      nombre: 'Mateo',
      apellido: 'Sosa',
      eliminadoAt: '2026-11-20T12:00:00Z',
      eliminadoPor: { _id: 'u1', nombre: 'Ana', apellido: 'Sosa' },
      purgaAt: '2026-12-20T12:00:00Z',
    };
    render(<DeletedChildrenView list={[record]} restoringId={null} onRestore={onRestore} failure={null} notice={null} />);
    expect(screen.getByRole('heading', { name: 'Recently deleted' })).toBeInTheDocument();
    expect(screen.getByText('Deleted by Ana Sosa on November 20, 2026')).toBeInTheDocument();
    expect(screen.getByText('Can be restored until December 20, 2026')).toBeInTheDocument();
    screen.getByRole('button', { name: 'Restore Mateo Sosa' }).click();
    expect(onRestore).toHaveBeenCalledWith(record);
  });

  it('does without the name of an erased account', async () => {
    await i18n.changeLanguage('en');
    const record = {
      _id: 'd2',
      familiaId: 'f1',
      nombre: 'Sol',
      apellido: 'Sosa',
      eliminadoAt: '2026-11-20T12:00:00Z',
      eliminadoPor: { _id: 'u9', nombre: '', apellido: '' },
      purgaAt: '2026-12-20T12:00:00Z',
    };
    render(<DeletedChildrenView list={[record]} restoringId={null} onRestore={() => {}} failure={null} notice={null} />);
    expect(screen.getByText('Deleted on November 20, 2026')).toBeInTheDocument();
  });

  it('shows nothing when nothing was deleted', () => {
    const { container } = render(<DeletedChildrenView list={[]} restoringId={null} onRestore={() => {}} failure={null} notice={null} />);
    expect(container).toBeEmptyDOMElement();
  });
});

describe('tabFromParam', () => {
  it('reads the open tab from the address, the overview otherwise', () => {
    expect(tabFromParam('medico')).toBe('medical');
    expect(tabFromParam('contactos')).toBe('contacts');
    expect(tabFromParam(null)).toBe('overview');
    expect(tabFromParam('nonsense')).toBe('overview');
  });
});

describe('sortContacts', () => {
  it('orders by priority with missing priorities last', () => {
    const c = (id: string, prioridad?: number): Contact => ({ id, nombre: id, relacion: 'x', telefono: '1', prioridad });
    expect(sortContacts([c('none'), c('two', 2), c('one', 1)]).map((x) => x.id)).toEqual(['one', 'two', 'none']);
  });
});
