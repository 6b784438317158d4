import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { Outlet, useLocation } from 'react-router';
import i18n from '../../i18n';
import { jsonResponse, renderRoutes } from '../../test/render';
import type { Child } from '../../api/children';
import type { MessageHit } from './api';
import { SearchBox } from './SearchBox';
import SearchPage from './SearchPage';

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

const CHILDREN: Child[] = [
  child({ _id: 'c1', nombre: 'Lucía', apellido: 'García', contactosEmergencia: [{ id: 'k1', nombre: 'Marta Gómez', relacion: 'Abuela', telefono: '+54 11 5555-1234' }] }),
  child({ _id: 'c2', nombre: 'Tomás', apellido: 'García', contactosEmergencia: [{ id: 'k2', nombre: 'Dra. Lucía Paz', relacion: 'Pediatra', telefono: '011 4444-0000' }] }),
];

const HIT: MessageHit = {
  mensajeId: 'm7',
  conversacionId: 'conv1',
  familiaId: 'f1',
  tema: 'medico',
  asunto: 'Turno con la pediatra',
  numero: 7,
  autor: { _id: 'u2', nombre: 'Pablo', apellido: 'García' },
  tipo: 'urgente',
  enviadoAt: '2026-11-20T14:05:00Z',
  fragmento: '…el turno de Lucia es el jueves…',
  plegado: false,
};

type Answer = { status: number; body: unknown };

function setUp(path: string, messages: () => Answer = () => ({ status: 200, body: { success: true, data: { resultados: [HIT] } } })) {
  window.localStorage.setItem('token', 'tok');
  const searches: URLSearchParams[] = [];
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
    const url = new URL((input as Request).url);
    if (url.pathname === '/api/usuarios/perfil') return jsonResponse(200, { success: true, _id: 'u1', nombre: 'Ana', apellido: 'G', email: 'a@x.org', language: 'es' });
    if (url.pathname === '/api/hijos') return jsonResponse(200, { success: true, data: CHILDREN });
    if (url.pathname === '/api/familias') return jsonResponse(200, { success: true, data: [] });
    if (url.pathname === '/api/mensajes/buscar') {
      searches.push(url.searchParams);
      const answer = messages();
      return jsonResponse(answer.status, answer.body);
    }
    return jsonResponse(404, { success: false, msg: 'no', code: 'not_found' });
  });
  function Where() {
    const location = useLocation();
    return <p data-testid="where">{location.pathname + location.search}</p>;
  }
  const router = renderRoutes(
    [
      {
        element: (
          <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
            <SearchBox />
            <Where />
            <Outlet />
          </QueryClientProvider>
        ),
        children: [
          { path: '/search', element: <SearchPage /> },
          { path: '/children', element: <p>children</p> },
        ],
      },
    ],
    path,
  );
  return { searches, router };
}

describe('search', () => {
  beforeEach(() => i18n.changeLanguage('es'));
  afterEach(() => {
    vi.restoreAllMocks();
    window.localStorage.clear();
  });

  it('asks for a word when there is no query, and searches nothing', () => {
    const { searches } = setUp('/search');
    expect(screen.getByRole('heading', { name: 'Buscar' })).toBeInTheDocument();
    expect(screen.getByText(/Escribe una palabra en el buscador/)).toBeInTheDocument();
    expect(searches).toHaveLength(0);
  });

  it('submits the box with Enter and keeps the query in it', async () => {
    setUp('/children');
    const box = screen.getByRole('searchbox', { name: 'Buscar mensajes, hijos y contactos' });
    await userEvent.type(box, '  lucia {Enter}');
    expect(screen.getByTestId('where')).toHaveTextContent('/search?q=lucia');
    expect(await screen.findByRole('heading', { name: 'Resultados para «lucia»' })).toBeInTheDocument();
    // The layout's box and the page's own (for phones) both hold the query.
    for (const input of screen.getAllByRole('searchbox')) expect(input).toHaveValue('lucia');
  });

  it('finds messages, children and contacts, blind to accents and case', async () => {
    const { searches } = setUp('/search?q=LUCIA');
    const messages = await screen.findByRole('region', { name: 'Mensajes' });
    const hit = await within(messages).findByRole('link', { name: /Turno con la pediatra/ });
    expect(hit).toHaveAttribute('href', '/messages/conv1');
    expect(hit).toHaveTextContent('Salud');
    expect(hit).toHaveTextContent('Urgente');
    expect(hit).toHaveTextContent('Pablo García');
    expect(within(hit).getByText('Lucia', { selector: 'mark' })).toBeInTheDocument();
    expect(searches[0]?.get('q')).toBe('LUCIA');

    const children = screen.getByRole('region', { name: 'Hijos' });
    const links = within(children).getAllByRole('link');
    expect(links.map((a) => a.textContent)).toEqual(['Lucía García']);
    expect(links[0]).toHaveAttribute('href', '/children/c1');
    expect(within(children).getByText('Lucía', { selector: 'mark' })).toBeInTheDocument();

    const contacts = screen.getByRole('region', { name: 'Contactos de emergencia' });
    expect(contacts).toHaveTextContent('Dra. Lucía Paz · Pediatra');
    expect(within(contacts).getByRole('link', { name: 'Contacto de Tomás García' })).toHaveAttribute('href', '/children/c2?tab=contactos');
    expect(within(contacts).getByRole('link', { name: '011 4444-0000' })).toHaveAttribute('href', 'tel:01144440000');
  });

  it('shows a message folded by the shield without any of its words', async () => {
    const folded: MessageHit = { ...HIT, mensajeId: 'm8', fragmento: '', plegado: true };
    setUp('/search?q=lucia', () => ({ status: 200, body: { success: true, data: { resultados: [folded] } } }));
    const hit = await screen.findByRole('link', { name: /Turno con la pediatra/ });
    expect(hit).toHaveTextContent('Este mensaje puede resultar hiriente: ábrelo en la conversación para leerlo.');
    expect(hit).toHaveAttribute('href', '/messages/conv1');
    expect(within(hit).queryByText('Lucia', { selector: 'mark' })).not.toBeInTheDocument();
  });

  it('matches contacts by relation or phone too, and says when a part found nothing', async () => {
    setUp('/search?q=abuela', () => ({ status: 200, body: { success: true, data: { resultados: [] } } }));
    expect(await screen.findByText('Ningún mensaje coincide con la búsqueda.')).toBeInTheDocument();
    expect(await screen.findByText('Ningún hijo coincide con la búsqueda.')).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Contactos de emergencia' })).toHaveTextContent('Marta Gómez · Abuela');
  });

  it('sends the topic and dates filters and keeps them in the address', async () => {
    const { searches } = setUp('/search?q=turno');
    await screen.findByRole('link', { name: /Turno con la pediatra/ });
    expect(screen.getByText('Filtrar mensajes').closest('details')).not.toHaveAttribute('open');
    await userEvent.selectOptions(screen.getByLabelText('Tema'), 'escuela');
    await userEvent.type(screen.getByLabelText('Desde'), '01/11/2026');
    await userEvent.type(screen.getByLabelText('Hasta'), '30/11/2026');
    await userEvent.click(screen.getByRole('button', { name: 'Aplicar filtros' }));
    await vi.waitFor(() => expect(searches.at(-1)?.get('tema')).toBe('escuela'));
    const last = searches.at(-1)!;
    expect([last.get('q'), last.get('desde'), last.get('hasta'), last.has('familiaId')]).toEqual(['turno', '2026-11-01', '2026-11-30', false]);
    expect(screen.getByTestId('where')).toHaveTextContent('/search?q=turno&tema=escuela&desde=2026-11-01&hasta=2026-11-30');
    // Folded at first; open, and counting them, while filters apply.
    expect(screen.getByText('Filtros (3 activos)').closest('details')).toHaveAttribute('open');
  });

  it('refuses a range that ends before it starts, without searching', async () => {
    const { searches } = setUp('/search?q=turno');
    await screen.findByRole('link', { name: /Turno con la pediatra/ });
    await userEvent.type(screen.getByLabelText('Desde'), '10/11/2026');
    await userEvent.type(screen.getByLabelText('Hasta'), '01/11/2026');
    await userEvent.click(screen.getByRole('button', { name: 'Aplicar filtros' }));
    expect(screen.getByText('La fecha «hasta» no puede ser anterior a «desde».')).toBeInTheDocument();
    expect(searches).toHaveLength(1);
  });

  it("shows the server's message when the search fails, with a retry", async () => {
    let fail = true;
    setUp('/search?q=turno', () =>
      fail ? { status: 422, body: { success: false, msg: 'La búsqueda es demasiado larga', code: 'validation', errors: { q: 'x' } } } : { status: 200, body: { success: true, data: { resultados: [HIT] } } },
    );
    expect(await screen.findByRole('alert')).toHaveTextContent('La búsqueda es demasiado larga');
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Reintentar' }));
    expect(await screen.findByRole('link', { name: /Turno con la pediatra/ })).toBeInTheDocument();
  });

  it('speaks English', async () => {
    await i18n.changeLanguage('en');
    setUp('/search?q=lucia');
    expect(await screen.findByRole('heading', { name: 'Results for “lucia”' })).toBeInTheDocument();
    const hit = await screen.findByRole('link', { name: /Turno con la pediatra/ });
    expect(hit).toHaveTextContent('Health');
    expect(hit).toHaveTextContent('Urgent');
    expect(screen.getByRole('region', { name: 'Emergency contacts' })).toHaveTextContent('Contact of Tomás García');
  });
});
