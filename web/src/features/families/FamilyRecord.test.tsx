import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18n from '../../i18n';
import type { Family, Member } from './api';
import { FamiliesView } from './FamiliesPage';
import { RecordView } from './FamilyRecord';
import type { RecordEntry, RecordVerification } from './recordApi';
import { RECORD_KINDS, recordActor, recordKindKey } from './recordLabels';
import es from '../../i18n/app.es.json';
import en from '../../i18n/app.en.json';

const member = (over: Partial<Member>): Member => ({
  _id: 'm1',
  usuarioId: 'u1',
  nombre: 'Lucía',
  apellido: 'Pereyra',
  esAdmin: true,
  estado: 'activo',
  foto: null,
  permiso: 'coparent',
  relacion: 'madre',
  yo: true,
  bloqueado: false,
  ...over,
});

const entry = (over: Partial<RecordEntry>): RecordEntry => ({
  seq: 1,
  tipo: 'familia.creada',
  actor: 'u1',
  hora: '2026-11-20T15:30:00Z',
  contenidoHash: 'a'.repeat(64),
  previo: '0'.repeat(64),
  hash: 'b'.repeat(64),
  contenido: null,
  contenidoBorrado: false,
  ...over,
});

const intact: RecordVerification = {
  valido: true,
  entradas: 3,
  primerError: null,
  contenidoBorrado: 0,
  puntoDeControl: {
    cabeza: 'c'.repeat(64),
    claveId: 'k1',
    entradas: 3,
    familia: 'f1',
    firma: 'x',
    firmaValida: true,
    hora: '2026-11-21T03:00:00Z',
    texto: 't',
  },
};

const members = [member({}), member({ _id: 'm2', usuarioId: 'u2', nombre: 'Martín', apellido: 'Sosa', yo: false, esAdmin: false })];

beforeEach(() => i18n.changeLanguage('es'));

describe('record labels', () => {
  it('has a label for every kind in both languages, and a generic one for new kinds', () => {
    for (const kind of RECORD_KINDS) {
      const key = recordKindKey(kind).split('.').slice(-1)[0] as keyof typeof es.families.record.kind;
      expect(es.families.record.kind[key]).toBeTruthy();
      expect(en.families.record.kind[key]).toBeTruthy();
    }
    expect(recordKindKey('calendario.creado')).toBe('families.record.kind.other');
    expect(recordKindKey('hijo.purgado')).toBe('families.record.kind.hijo_purgado');
  });

  it('names the member who acted, Nido for the server, and a former member otherwise', () => {
    expect(recordActor('u2', members)).toEqual({ name: 'Martín Sosa' });
    expect(recordActor(null, members)).toEqual({ key: 'families.record.byNido' });
    expect(recordActor(null, members, 'tarjeta.abierta')).toEqual({ key: 'families.record.byLinkHolder' });
    expect(recordActor('gone', members)).toEqual({ key: 'families.record.byFormer' });
  });
});

describe('RecordView', () => {
  it('shows an intact record with its checkpoint, the entries and who acted', () => {
    render(
      <RecordView
        members={members}
        verification={intact}
        entries={[entry({ seq: 3, tipo: 'hijo.creado', actor: 'u2' }), entry({ seq: 2, tipo: 'miembro.unido', actor: null }), entry({ seq: 1 })]}
        canSign
      />,
    );
    expect(screen.getByText('Registro íntegro: 3 entradas, verificado.')).toBeInTheDocument();
    expect(screen.getByText(/Último punto de control firmado/)).toBeInTheDocument();
    expect(screen.getByText('Se añadió un hijo')).toBeInTheDocument();
    expect(screen.getAllByTestId('record-entry')).toHaveLength(3);
    expect(screen.getByText(/Martín Sosa/)).toBeInTheDocument();
    expect(screen.getByText(/Nido$/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Firmar punto de control ahora' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Ver más' })).not.toBeInTheDocument();
  });

  it('warns about a broken record naming the first broken entry, and counts erased content', () => {
    render(<RecordView members={members} verification={{ ...intact, valido: false, primerError: 7, contenidoBorrado: 2 }} entries={[]} />);
    expect(screen.getByRole('alert')).toHaveTextContent('n.º 7');
    expect(screen.getByRole('alert')).toHaveTextContent('2 entradas tienen el contenido borrado');
    expect(screen.queryByRole('button', { name: 'Firmar punto de control ahora' })).not.toBeInTheDocument();
  });

  it('pages with the cursor, signs, and shows the server message when signing fails', async () => {
    await i18n.changeLanguage('en');
    const onLoadMore = vi.fn();
    const onSign = vi.fn();
    render(
      <RecordView members={members} verification={intact} entries={[entry({})]} hasMore onLoadMore={onLoadMore} canSign onSign={onSign} signError="Too many requests, try later" />,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Load more' }));
    await userEvent.click(screen.getByRole('button', { name: 'Sign a checkpoint now' }));
    expect(onLoadMore).toHaveBeenCalledOnce();
    expect(onSign).toHaveBeenCalledOnce();
    expect(screen.getByRole('alert')).toHaveTextContent('Too many requests, try later');
    expect(screen.getByText('Family created')).toBeInTheDocument();
  });
});

describe('the record section of a family card', () => {
  it('draws the record only once the section is opened', async () => {
    const family: Family = { _id: 'f1', nombre: 'Familia Pereyra', zonaHoraria: 'America/Montevideo', hijos: 1, miPermiso: 'coparent', soyAdmin: true, miembros: members };
    const record = vi.fn(() => <p>the record</p>);
    render(
      <FamiliesView
        families={[family]}
        onSave={() => Promise.resolve()}
        onChangeMember={() => Promise.resolve()}
        onRemove={() => Promise.resolve()}
        onBlock={() => Promise.resolve()}
        onUnblock={() => Promise.resolve()}
        onDone={() => {}}
        record={record}
      />,
    );
    expect(record).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'Registro de la familia' }));
    expect(record).toHaveBeenCalled();
    expect(screen.getByText('the record')).toBeInTheDocument();
  });
});
