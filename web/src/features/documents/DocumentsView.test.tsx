import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import i18n from '../../i18n';
import type { Family } from '../../api/families';
import { DocumentsView, type DocumentsViewProps } from './DocumentsPage';
import type { Category, DocumentView } from './types';

const doc = (id: string, titulo: string, categoria: Category): DocumentView => ({
  _id: id,
  familiaId: 'f1',
  titulo,
  categoria,
  notas: null,
  visibilidad: 'familia',
  hijos: ['h1'],
  subidoPor: { _id: 'ana', nombre: 'Ana', apellido: 'García' },
  version: 1,
  archivo: { nombre: `${id}.pdf`, tipo: 'application/pdf', tamano: 123_456 },
  puedeEditar: true,
  createdAt: '2026-11-20T10:00:00Z',
  updatedAt: '2026-11-20T10:00:00Z',
  eliminadoAt: null,
  restaurableHasta: null,
});

const family: Family = { _id: 'f1', nombre: 'Casa de Ana', hijos: 1, miPermiso: 'coparent', miembros: [], soyAdmin: true, zonaHoraria: 'America/Argentina/Buenos_Aires' };

function props(change: Partial<DocumentsViewProps> = {}): DocumentsViewProps {
  return {
    familiaId: 'f1',
    families: [family],
    onFamily: vi.fn(),
    kids: [{ id: 'h1', name: 'Mateo García' }],
    viewer: false,
    storage: { usadoBytes: 1_000_000, cuotaBytes: 5_000_000_000, eliminadosBytes: 0 },
    notice: null,
    onDismissNotice: vi.fn(),
    tab: 'current',
    onTab: vi.fn(),
    search: '',
    onSearch: vi.fn(),
    categoria: '',
    onCategoria: vi.fn(),
    hijoId: '',
    onHijo: vi.fn(),
    filtered: false,
    documents: { items: [doc('d1', 'Carnet de vacunas', 'medico'), doc('d2', 'Boletín', 'escolar')], pending: false, error: null, hasMore: false, loadingMore: false, onMore: vi.fn() },
    onOpen: vi.fn(),
    onUpload: vi.fn(),
    deleted: <p>deleted tab</p>,
    dialogs: null,
    ...change,
  };
}

afterEach(async () => {
  await i18n.changeLanguage('es');
});

describe('DocumentsView', () => {
  it.each([
    ['es', 'Médico', 'Subir documento', 'Documentos'],
    ['en', 'Medical', 'Upload document', 'Documents'],
  ] as const)('draws the documents by category from plain data (%s)', async (language, medical, upload, tab) => {
    await i18n.changeLanguage(language);
    const view = props();
    render(<DocumentsView {...view} />);
    const group = screen.getByRole('region', { name: medical });
    expect(within(group).getByText('Carnet de vacunas')).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: tab })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByTestId('storage')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: upload }));
    expect(view.onUpload).toHaveBeenCalled();
    await userEvent.click(within(group).getByText('Carnet de vacunas'));
    expect(view.onOpen).toHaveBeenCalledWith(expect.objectContaining({ _id: 'd1' }));
  });

  it('gives a viewer no upload and no tabs, and says when nothing matched', () => {
    render(<DocumentsView {...props({ viewer: true, filtered: true, documents: { items: [], pending: false, error: null, hasMore: false, loadingMore: false, onMore: vi.fn() } })} />);
    expect(screen.getByText(/Tienes permiso para ver/)).toBeInTheDocument();
    expect(screen.queryByRole('tablist')).not.toBeInTheDocument();
    expect(screen.getByText('Ningún documento coincide con la búsqueda.')).toBeInTheDocument();
  });
});
