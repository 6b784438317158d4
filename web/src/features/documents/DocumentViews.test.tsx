import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import i18n from '../../i18n';
import { jsonResponse } from '../../test/render';
import type { Family } from '../../api/families';
import { DeletedList } from './DeletedList';
import { DocumentDialog } from './DocumentDialog';
import { FamilyDocuments } from './DocumentsPage';
import { titleFromFileName } from './files';
import { UploadDialog } from './UploadDialog';
import type { DocumentView } from './types';

const kids = [
  { id: 'h1', name: 'Mateo García' },
  { id: 'h2', name: 'Lucía García' },
];

const doc = (change: Partial<DocumentView> = {}): DocumentView => ({
  _id: 'd1',
  familiaId: 'f1',
  titulo: 'Carnet de vacunas',
  categoria: 'medico',
  notas: null,
  visibilidad: 'familia',
  hijos: ['h1'],
  subidoPor: { _id: 'ana', nombre: 'Ana', apellido: 'García' },
  version: 1,
  archivo: { nombre: 'vacunas.pdf', tipo: 'application/pdf', tamano: 123_456 },
  puedeEditar: true,
  createdAt: '2026-11-20T10:00:00Z',
  updatedAt: '2026-11-20T10:00:00Z',
  eliminadoAt: null,
  restaurableHasta: null,
  ...change,
});

const detail = (change: Partial<DocumentView> = {}): DocumentView => {
  const view = doc(change);
  return {
    ...view,
    versiones: Array.from({ length: view.version }, (_, i) => ({
      numero: view.version - i,
      archivo: { ...view.archivo, nombre: `v${view.version - i}-${view.archivo.nombre}` },
      subidoPor: view.subidoPor,
      createdAt: '2026-11-20T10:00:00Z',
    })),
  };
};

type Route = (method: string, url: URL) => Response | undefined;
let route: Route;
const requests: { method: string; path: string; search: string }[] = [];

beforeEach(() => {
  requests.length = 0;
  route = () => undefined;
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url, 'http://localhost');
    const method = init?.method ?? (input instanceof Request ? input.method : 'GET');
    requests.push({ method, path: url.pathname, search: url.search });
    return route(method, url) ?? jsonResponse(404, { success: false, msg: 'No encontrado', code: 'documento_no_encontrado' });
  });
});

afterEach(async () => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  await i18n.changeLanguage('es');
});

function withQueries(node: ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(<QueryClientProvider client={client}>{node}</QueryClientProvider>);
}

const family = (permiso: 'coparent' | 'viewer') =>
  ({ _id: 'f1', nombre: 'Familia García', miembros: [{ usuarioId: 'ana', yo: true, permiso, estado: 'activo', nombre: 'Ana', apellido: 'García' }] }) as unknown as Family;

function listing(docs: DocumentView[]): Route {
  return (method, url) => {
    if (url.pathname === '/api/documentos/espacio') return jsonResponse(200, { success: true, data: { usadoBytes: 1.2 * 1024 ** 3, eliminadosBytes: 512 * 1024 ** 2, cuotaBytes: 5 * 1024 ** 3 } });
    if (url.pathname === '/api/documentos' && method === 'GET') {
      const q = url.searchParams.get('q')?.toLowerCase() ?? '';
      return jsonResponse(200, { success: true, data: { documentos: docs.filter((d) => d.titulo.toLowerCase().includes(q)), siguiente: null } });
    }
    return undefined;
  };
}

describe('the documents list', () => {
  it('groups by category, shows the family’s storage and asks the server as the reader types', async () => {
    route = listing([doc(), doc({ _id: 'd2', titulo: 'Boletín', categoria: 'escolar', hijos: ['h2'] }), doc({ _id: 'd3', titulo: 'Receta', version: 2 })]);
    withQueries(<FamilyDocuments familiaId="f1" families={[family('coparent')]} onFamily={() => {}} kids={kids} viewer={false} />);
    expect(await screen.findByText('1,2 GB de 5 GB')).toBeVisible();
    // What the reader deleted counts for them alone, and the meter says so.
    expect(screen.getByText(/^512 MB son documentos que eliminaste: cuentan solo para ti/u)).toBeVisible();
    const medical = screen.getByRole('region', { name: 'Médico' });
    expect(within(medical).getAllByRole('button').map((b) => b.getAttribute('aria-label'))).toEqual(['Abrir Carnet de vacunas', 'Abrir Receta']);
    expect(within(medical).getByText(/Versión 2/)).toBeVisible();
    expect(within(screen.getByRole('region', { name: 'Escolar' })).getByText(/Lucía García/)).toBeVisible();
    expect(screen.getByRole('button', { name: 'Subir documento' })).toBeEnabled();

    await userEvent.type(screen.getByLabelText('Buscar por título'), 'bole');
    await waitFor(() => expect(requests.some((r) => r.search.includes('q=bole'))).toBe(true));
    // One request for the pause, not one per key.
    expect(requests.filter((r) => r.path === '/api/documentos' && r.search.includes('q=')).length).toBe(1);
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Médico' })).not.toBeInTheDocument());

    await userEvent.click(within(screen.getByRole('group', { name: 'Filtrar por hijo' })).getByRole('button', { name: 'Mateo García' }));
    await waitFor(() => expect(requests.some((r) => r.search.includes('hijoId=h1'))).toBe(true));
    expect(within(screen.getByRole('group', { name: 'Filtrar por hijo' })).getByRole('button', { name: 'Mateo García' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('gives a viewer nothing to upload, change or restore', async () => {
    route = listing([doc({ puedeEditar: false })]);
    withQueries(<FamilyDocuments familiaId="f1" families={[family('viewer')]} onFamily={() => {}} kids={kids} viewer />);
    expect(await screen.findByRole('button', { name: 'Abrir Carnet de vacunas' })).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Subir documento' })).not.toBeInTheDocument();
    expect(screen.queryByRole('tab', { name: 'Eliminados' })).not.toBeInTheDocument();
    expect(screen.getByText(/Tienes permiso para ver/)).toBeVisible();
  });

  it('opens the document a notice links to, and forgets the link when it closes', async () => {
    const base = listing([doc()]);
    route = (method, url) => (url.pathname === '/api/documentos/d1' ? jsonResponse(200, { success: true, data: detail() }) : base(method, url));
    const onLinkedClosed = vi.fn();
    withQueries(<FamilyDocuments familiaId="f1" families={[family('coparent')]} onFamily={() => {}} kids={kids} viewer={false} linked={doc()} onLinkedClosed={onLinkedClosed} />);
    const dialog = await screen.findByRole('dialog', { name: 'Carnet de vacunas' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cerrar' }));
    expect(onLinkedClosed).toHaveBeenCalled();
  });

  it('says a deletion in its own words, in place of the last upload’s', async () => {
    const base = listing([doc()]);
    route = (method, url) => {
      if (url.pathname === '/api/documentos/d1' && method === 'DELETE') return jsonResponse(200, { success: true, data: doc({ eliminadoAt: '2026-11-28T12:00:00Z' }) });
      if (url.pathname === '/api/documentos/d1') return jsonResponse(200, { success: true, data: detail() });
      return base(method, url);
    };
    withQueries(<FamilyDocuments familiaId="f1" families={[family('coparent')]} onFamily={() => {}} kids={kids} viewer={false} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Abrir Carnet de vacunas' }));
    const dialog = await screen.findByRole('dialog', { name: 'Carnet de vacunas' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Eliminar' }));
    const confirm = await screen.findByRole('dialog', { name: '¿Eliminar «Carnet de vacunas»?' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Eliminar documento' }));
    expect(await screen.findByText('Eliminaste «Carnet de vacunas». Puedes restaurarlo durante 30 días desde «Eliminados».')).toBeVisible();
    expect(screen.queryByText('Documento subido.')).not.toBeInTheDocument();
    expect(requests.some((r) => r.method === 'DELETE' && r.path === '/api/documentos/d1')).toBe(true);
  });

  it('speaks English to an English reader', async () => {
    await i18n.changeLanguage('en');
    route = listing([]);
    withQueries(<FamilyDocuments familiaId="f1" families={[family('coparent')]} onFamily={() => {}} kids={kids} viewer={false} />);
    expect(await screen.findByText('1.2 GB of 5 GB')).toBeVisible();
    expect(await screen.findByText(/No documents yet/)).toBeVisible();
  });
});

/** XMLHttpRequest as the upload uses it, answering what `answer` says after reporting progress. */
function fakeUploads(answer: (form: FormData) => { status: number; body: unknown }) {
  const sent: FormData[] = [];
  class FakeXhr {
    status = 0;
    responseText = '';
    upload: { onprogress: ((e: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = { onprogress: null };
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    open() {}
    setRequestHeader() {}
    send(form: FormData) {
      sent.push(form);
      this.upload.onprogress?.({ lengthComputable: true, loaded: 50, total: 100 });
      const { status, body } = answer(form);
      queueMicrotask(() => {
        this.status = status;
        this.responseText = JSON.stringify(body);
        this.onload?.();
      });
    }
  }
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  return sent;
}

describe('the upload dialog', () => {
  const pdf = () => new File(['%PDF-1.4 test'], 'certificado_escolar.pdf', { type: 'application/pdf' });

  it('takes the title from the file’s name and sends the fields with the file', async () => {
    const sent = fakeUploads(() => ({ status: 201, body: { success: true, data: doc() } }));
    const onUploaded = vi.fn();
    withQueries(<UploadDialog open onClose={() => {}} onUploaded={onUploaded} familiaId="f1" kids={kids} />);
    const dialog = screen.getByRole('dialog', { name: 'Nuevo documento' });
    await userEvent.upload(within(dialog).getByLabelText('Elegir un archivo'), pdf());
    expect(within(dialog).getByLabelText('Título')).toHaveValue('certificado escolar');
    await userEvent.selectOptions(within(dialog).getByLabelText('Categoría'), 'escolar');
    await userEvent.click(within(dialog).getByLabelText('Lucía García'));
    await userEvent.click(within(dialog).getByRole('radio', { name: 'Solo los co-padres' }));
    expect(within(dialog).getByRole('radio', { name: 'Solo los co-padres' })).toHaveAccessibleDescription('Lo ven los co-padres; quienes solo pueden ver, no.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Subir' }));
    await waitFor(() => expect(onUploaded).toHaveBeenCalled());
    const form = sent[0]!;
    expect(form.get('familiaId')).toBe('f1');
    expect(form.get('titulo')).toBe('certificado escolar');
    expect(form.get('categoria')).toBe('escolar');
    expect(form.getAll('hijos')).toEqual(['h2']);
    expect(form.get('visibilidad')).toBe('coprogenitores');
    expect((form.get('archivo') as File).name).toBe('certificado_escolar.pdf');
  });

  it('puts the server’s refusals next to the field they are about', async () => {
    let answer = { status: 413, body: { success: false, msg: 'La familia usa 4,9 GB de 5 GB: no queda espacio para este archivo.', code: 'cuota_agotada' } };
    fakeUploads(() => answer);
    withQueries(<UploadDialog open onClose={() => {}} onUploaded={() => {}} familiaId="f1" kids={kids} />);
    const dialog = screen.getByRole('dialog', { name: 'Nuevo documento' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Subir' }));
    expect(within(dialog).getByText('Elige un archivo o saca una foto.')).toBeVisible();

    await userEvent.upload(within(dialog).getByLabelText('Elegir un archivo'), pdf());
    await userEvent.click(within(dialog).getByRole('button', { name: 'Subir' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('La familia usa 4,9 GB de 5 GB');

    answer = { status: 422, body: { success: false, msg: 'Revisa los campos', code: 'validation', errors: { titulo: 'El título es demasiado largo.' } } as never };
    await userEvent.click(within(dialog).getByRole('button', { name: 'Subir' }));
    expect(await within(dialog).findByText('El título es demasiado largo.')).toBeVisible();
    expect(within(dialog).getByLabelText('Título')).toHaveAccessibleDescription('El título es demasiado largo.');

    answer = { status: 415, body: { success: false, msg: '', code: 'tipo_no_admitido' } };
    await userEvent.click(within(dialog).getByRole('button', { name: 'Subir' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Ese tipo de archivo no se admite.');
  });
});

describe('a document', () => {
  beforeEach(() => {
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:preview'), revokeObjectURL: vi.fn() }));
  });

  it('previews an image and lists its versions, each downloadable', async () => {
    const image = { version: 2, archivo: { nombre: 'receta.jpg', tipo: 'image/jpeg', tamano: 2048 } };
    route = (_, url) => {
      if (url.pathname === '/api/documentos/d1') return jsonResponse(200, { success: true, data: detail(image) });
      if (url.pathname === '/api/documentos/d1/archivo') return new Response('jpeg', { status: 200, headers: { 'Content-Type': 'image/jpeg' } });
      return undefined;
    };
    withQueries(<DocumentDialog document={doc(image)} onClose={() => {}} onDelete={() => {}} kids={kids} />);
    const dialog = screen.getByRole('dialog', { name: 'Carnet de vacunas' });

    expect(await within(dialog).findByRole('img', { name: 'Vista previa de Carnet de vacunas' })).toHaveAttribute('src', 'blob:preview');
    expect(requests.find((r) => r.path === '/api/documentos/d1/archivo')?.search).toBe('?version=2&inline=true');
    expect(within(dialog).getByText('Mateo García')).toBeVisible();
    expect(await within(dialog).findByRole('button', { name: 'Descargar la versión 1' })).toBeVisible();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Descargar la versión 1' }));
    await waitFor(() => expect(requests.some((r) => r.search === '?version=1')).toBe(true));
    expect(within(dialog).getByRole('button', { name: 'Editar' })).toBeVisible();
    expect(within(dialog).getByRole('button', { name: 'Eliminar' })).toBeVisible();
  });

  it('shows a PDF in a frame, and a viewer gets only the download', async () => {
    route = (_, url) => {
      if (url.pathname === '/api/documentos/d1') return jsonResponse(200, { success: true, data: detail({ puedeEditar: false }) });
      if (url.pathname === '/api/documentos/d1/archivo') return new Response('%PDF', { status: 200, headers: { 'Content-Type': 'application/pdf' } });
      return undefined;
    };
    const { container } = withQueries(<DocumentDialog document={doc({ puedeEditar: false })} onClose={() => {}} onDelete={() => {}} kids={kids} />);
    await waitFor(() => expect(document.querySelector('iframe')).toHaveAttribute('src', 'blob:preview'));
    expect(container).toBeTruthy();
    const dialog = screen.getByRole('dialog');
    expect(within(dialog).getByRole('button', { name: 'Descargar' })).toBeVisible();
    expect(within(dialog).queryByRole('button', { name: 'Editar' })).not.toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Eliminar' })).not.toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Subir una versión nueva' })).not.toBeInTheDocument();
  });

  it('shows an office document as an icon to download', async () => {
    const sheet = { archivo: { nombre: 'gastos.xlsx', tipo: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', tamano: 9000 } };
    route = (_, url) => (url.pathname === '/api/documentos/d1' ? jsonResponse(200, { success: true, data: detail(sheet) }) : undefined);
    withQueries(<DocumentDialog document={doc(sheet)} onClose={() => {}} onDelete={() => {}} kids={kids} />);
    expect(await screen.findByText('Este tipo de archivo no se puede ver aquí. Descárgalo para abrirlo.')).toBeVisible();
    expect(requests.some((r) => r.path.endsWith('/archivo'))).toBe(false);
  });

  it('saves an edit with PUT', async () => {
    route = (method, url) => {
      if (url.pathname === '/api/documentos/d1' && method === 'GET') return jsonResponse(200, { success: true, data: detail() });
      if (url.pathname === '/api/documentos/d1' && method === 'PUT') return jsonResponse(200, { success: true, data: doc({ titulo: 'Vacunas 2026' }) });
      if (url.pathname === '/api/documentos/d1/archivo') return new Response('%PDF', { status: 200 });
      return undefined;
    };
    withQueries(<DocumentDialog document={doc()} onClose={() => {}} onDelete={() => {}} kids={kids} />);
    await userEvent.click(screen.getByRole('button', { name: 'Editar' }));
    await userEvent.clear(screen.getByLabelText('Título'));
    await userEvent.type(screen.getByLabelText('Título'), 'Vacunas 2026');
    await userEvent.click(screen.getByRole('radio', { name: 'Solo yo' }));
    await userEvent.click(screen.getByRole('button', { name: 'Guardar cambios' }));
    expect(await screen.findByText('Cambios guardados.')).toBeVisible();
    expect(requests.some((r) => r.method === 'PUT' && r.path === '/api/documentos/d1')).toBe(true);
  });
});

describe('recently deleted', () => {
  it('says until when each can come back, and restores it', async () => {
    const gone = doc({ eliminadoAt: '2026-11-20T10:00:00Z', restaurableHasta: '2026-12-20T10:00:00Z' });
    route = (method, url) => {
      if (url.pathname === '/api/documentos' && url.searchParams.get('eliminados') === 'true') return jsonResponse(200, { success: true, data: { documentos: [gone], siguiente: null } });
      if (url.pathname === '/api/documentos/d1/restaurar' && method === 'POST') return jsonResponse(200, { success: true, data: doc() });
      return undefined;
    };
    const onRestored = vi.fn();
    withQueries(<DeletedList familiaId="f1" onRestored={onRestored} />);
    expect(await screen.findByText('Se puede restaurar hasta el 20 de diciembre de 2026')).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Restaurar Carnet de vacunas' }));
    await waitFor(() => expect(onRestored).toHaveBeenCalled());
  });
});

describe('titles from file names', () => {
  it('drops the extension and reads underscores as spaces', () => {
    expect(titleFromFileName('DNI_frente.jpeg')).toBe('DNI frente');
    expect(titleFromFileName('informe.final.pdf')).toBe('informe.final');
    expect(titleFromFileName('sin-extension')).toBe('sin-extension');
  });
});
