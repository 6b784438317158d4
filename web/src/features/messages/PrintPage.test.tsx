import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { Outlet, useLocation } from 'react-router';
import i18n from '../../i18n';
import { jsonResponse, renderRoutes } from '../../test/render';
import PrintPage from './PrintPage';
import { sha256Hex, type PrintData } from './printApi';
import { viewEntries } from './PrintView';

const ANA = { _id: 'u1', nombre: 'Ana', apellido: 'García' };
const PABLO = { _id: 'u2', nombre: 'Pablo', apellido: 'Ruiz' };
const TEXT = 'El jueves retiro yo a Lucía a las 18.';
const HASH1 = 'a'.repeat(64);
const HASH2 = 'b'.repeat(64);

async function printData(): Promise<PrintData> {
  return {
    conversacion: {
      _id: 'conv1',
      familiaId: 'fam1',
      tema: 'horarios',
      asunto: 'Retiros de noviembre',
      creadaAt: '2026-11-01T12:00:00Z',
      actualizadaAt: '2026-11-21T09:00:00Z',
      participantes: [ANA, PABLO],
      noLeidos: 0,
    },
    familia: { _id: 'fam1', nombre: 'Familia García Ruiz' },
    mensajes: [
      {
        _id: 'm1',
        conversacionId: 'conv1',
        familiaId: 'fam1',
        tono: 'ok',
        plegado: false,
        numero: 1,
        autor: ANA,
        texto: TEXT,
        tipo: 'urgente',
        respondeA: null,
        adjuntos: [{ _id: 'a1', nombre: 'autorizacion.pdf', clase: 'pdf', mime: 'application/pdf', tamano: 2_300_000, url: '/files/a1' }],
        vistas: [{ usuarioId: 'u2', vistaAt: '2026-11-20T15:00:00Z' }],
        registro: { seq: 41, hash: HASH1 },
        enviadoAt: '2026-11-20T14:05:00Z',
      },
      {
        _id: 'm2',
        conversacionId: 'conv1',
        familiaId: 'fam1',
        tono: 'ok',
        plegado: false,
        numero: 2,
        autor: null,
        texto: 'Texto cambiado',
        tipo: 'normal',
        respondeA: { _id: 'm1', numero: 1, autor: ANA, texto: TEXT, tono: 'ok', plegado: false, enviadoAt: '2026-11-20T14:05:00Z' },
        adjuntos: [],
        vistas: [{ usuarioId: 'u1', vistaAt: null }],
        registro: { seq: 43, hash: HASH2 },
        enviadoAt: '2026-11-21T09:00:00Z',
      },
    ],
    registro: {
      entradas: [
        { seq: 41, hash: HASH1, previo: '0'.repeat(64), contenidoHash: 'c'.repeat(64), tipo: 'mensaje.enviado', hora: '2026-11-20T14:05:00Z', contenido: { mensaje: 'm1', textoSha256: await sha256Hex(TEXT) } },
        { seq: 42, hash: 'd'.repeat(64), previo: HASH1, contenidoHash: 'e'.repeat(64), tipo: 'mensaje.visto', hora: '2026-11-20T15:00:00Z', contenido: { usuario: 'u2', mensajes: ['m1'], vistaAt: '2026-11-20T15:00:00Z' } },
        { seq: 43, hash: HASH2, previo: 'd'.repeat(64), contenidoHash: 'f'.repeat(64), tipo: 'mensaje.enviado', hora: '2026-11-21T09:00:00Z', contenido: { mensaje: 'm2', textoSha256: await sha256Hex('Texto original') } },
      ],
    },
    generadaAt: '2026-11-24T10:00:00Z',
  };
}

async function setUp(path: string, answer?: () => Response) {
  window.localStorage.setItem('token', 'tok');
  const data = await printData();
  const asked: URL[] = [];
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
    const url = new URL((input as Request).url);
    if (url.pathname === '/api/usuarios/perfil') return jsonResponse(200, { success: true, _id: 'u1', nombre: 'Ana', apellido: 'G', email: 'a@x.org', language: 'es' });
    if (url.pathname === '/api/conversaciones/conv1/impresion') {
      asked.push(url);
      return answer ? answer() : jsonResponse(200, { success: true, data });
    }
    return jsonResponse(404, { success: false, msg: 'no', code: 'not_found' });
  });
  function Where() {
    const location = useLocation();
    return <p data-testid="where">{location.pathname + location.search}</p>;
  }
  renderRoutes(
    [
      {
        element: (
          <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
            <Where />
            <Outlet />
          </QueryClientProvider>
        ),
        children: [{ path: '/messages/:id/print', element: <PrintPage /> }],
      },
    ],
    path,
  );
  return asked;
}

describe('print page', () => {
  beforeEach(() => i18n.changeLanguage('es'));
  afterEach(() => {
    vi.restoreAllMocks();
    window.localStorage.clear();
  });

  it('prints the header, every message with its views and record entry', async () => {
    await setUp('/messages/conv1/print');
    expect(await screen.findByRole('heading', { level: 1, name: 'Retiros de noviembre' })).toBeInTheDocument();
    const header = screen.getByRole('article');
    expect(header).toHaveTextContent('Familia García Ruiz');
    expect(header).toHaveTextContent('Horarios');
    expect(header).toHaveTextContent('Ana García, Pablo Ruiz');
    expect(header).toHaveTextContent('Toda la conversación · 2 mensajes');

    const [first, second] = screen.getAllByTestId('printed-message');
    expect(first).toHaveTextContent('#1');
    expect(first).toHaveTextContent('Urgente');
    expect(first).toHaveTextContent(TEXT);
    expect(first).toHaveTextContent('autorizacion.pdf (2.2 MB)');
    expect(first).toHaveTextContent(/Pablo Ruiz: 20\/11\/2026.*\(entrada 42\)/);
    expect(first).toHaveTextContent('41');
    expect(first).toHaveTextContent(HASH1);
    // The text's SHA-256 is computed here and compared with its entry's.
    expect(await within(first!).findByText('✓ coincide con este texto')).toBeInTheDocument();

    expect(second).toHaveTextContent('Cuenta eliminada');
    expect(second).toHaveTextContent('en respuesta al #1');
    expect(second).toHaveTextContent('Ana García: todavía no');
    expect(await within(second!).findByText('✗ no coincide con este texto')).toBeInTheDocument();
  });

  it('explains how to verify in both languages, with the family and the keys', async () => {
    await setUp('/messages/conv1/print');
    const section = await screen.findByRole('region', { name: 'Cómo verificar este documento' });
    expect(section).toHaveTextContent('textoSha256');
    expect(section).toHaveTextContent('Perfil › Co-padres › Registro de la familia');
    expect(section).toHaveTextContent('GET /api/familias/fam1/registro/verificacion');
    expect(section).toHaveTextContent('/api/registro/claves');
    expect(within(section).getByRole('heading', { name: 'How to verify this document' })).toBeInTheDocument();
    expect(section).toHaveTextContent('Profile › Co-parents › Family record');
  });

  it('asks for the chosen range and prints with the browser', async () => {
    const asked = await setUp('/messages/conv1/print');
    await screen.findByRole('heading', { level: 1, name: 'Retiros de noviembre' });
    expect(asked[0]?.search).toBe('');
    await userEvent.type(screen.getByLabelText('Desde'), '01/11/2026');
    await userEvent.type(screen.getByLabelText('Hasta'), '20/11/2026');
    await userEvent.click(screen.getByRole('button', { name: 'Mostrar' }));
    await vi.waitFor(() => expect(asked.at(-1)?.search).toBe('?desde=2026-11-01&hasta=2026-11-20'));
    expect(screen.getByTestId('where')).toHaveTextContent('/messages/conv1/print?desde=2026-11-01&hasta=2026-11-20');
    expect(await screen.findByText(/Del 01\/11\/2026 al 20\/11\/2026/)).toBeInTheDocument();

    const print = vi.spyOn(window, 'print').mockImplementation(() => {});
    await userEvent.click(screen.getByRole('button', { name: 'Imprimir' }));
    expect(print).toHaveBeenCalled();
  });

  it("shows the server's refusal of a range too long, with a retry", async () => {
    await setUp('/messages/conv1/print?desde=2020-01-01', () =>
      jsonResponse(422, { success: false, msg: 'Elige un período más corto', code: 'validation', errors: { desde: 'x' } }),
    );
    expect(await screen.findByRole('alert')).toHaveTextContent('Elige un período más corto');
    expect(screen.getByRole('button', { name: 'Reintentar' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Imprimir' })).toBeDisabled();
  });

  it('finds the entry of each first view', async () => {
    const data = await printData();
    expect(viewEntries(data.registro.entradas)).toEqual(new Map([['m1/u2', 42]]));
    expect(viewEntries([{ seq: 1, hash: '', previo: '', contenidoHash: '', tipo: 'mensaje.visto', hora: '', contenido: null }])).toEqual(new Map());
  });

  it('speaks English', async () => {
    await i18n.changeLanguage('en');
    await setUp('/messages/conv1/print');
    expect(await screen.findByRole('article')).toHaveTextContent('The whole conversation · 2 messages');
    expect(screen.getAllByTestId('printed-message')[1]).toHaveTextContent('Ana García: not yet');
    expect(screen.getByRole('region', { name: 'How to verify this document' })).toBeInTheDocument();
  });
});
