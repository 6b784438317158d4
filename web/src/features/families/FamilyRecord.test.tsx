import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18n from '../../i18n';
import type { Family, Member } from './api';
import { FamiliesView } from './FamiliesPage';
import { RecordView } from './FamilyRecord';
import type { RecordEntry, RecordVerification } from './recordApi';
import { RECORD_KINDS, RECORD_LABELS, aboutKeys, kindKey, recordActor, recordSentence, withheldWhyKey, type RecordNames } from './recordLabels';
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
  contenidoReservado: false,
  ...over,
});

const intact: RecordVerification = {
  valido: true,
  entradas: 3,
  primerError: null,
  contenidoBorrado: 0,
  contenidoReservado: 0,
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

/** A text of `dictionary` by its dotted key, or one of its plural forms. */
function hasText(dictionary: unknown, key: string): boolean {
  const find = (k: string) =>
    k.split('.').reduce<unknown>((node, part) => (typeof node === 'object' && node !== null ? (node as Record<string, unknown>)[part] : undefined), dictionary);
  const found = (k: string) => typeof find(k) === 'string' && (find(k) as string).trim() !== '';
  return found(key) || (found(`${key}_one`) && found(`${key}_other`));
}

const names: RecordNames = {
  person: (id) => (id === 'u2' ? 'Martín Sosa' : null),
  child: (id) => (id === 'h1' ? 'Tomás Pereyra' : null),
  day: (date) => `día ${date}`,
  month: (period) => `mes ${period}`,
};

describe('record labels', () => {
  it('has words for every kind of entry in both languages: what happened, what it concerns, why it is withheld', () => {
    expect(RECORD_KINDS.length).toBeGreaterThanOrEqual(54);
    for (const kind of RECORD_KINDS) {
      const keys = [`families.record.kind.${kindKey(kind)}`, ...aboutKeys(kind), withheldWhyKey(kind)];
      for (const key of keys) {
        expect(hasText(es, key), `${key} in Spanish`).toBe(true);
        expect(hasText(en, key), `${key} in English`).toBe(true);
      }
    }
    // Every kind names what it concerns unless its content holds nothing worth naming.
    const unnamed = RECORD_KINDS.filter((k) => !RECORD_LABELS[k].about);
    expect(unnamed.sort()).toEqual(
      [
        'cambio.rechazado',
        'cambio.vencido',
        'cuota.ajustada',
        'cuota.modificada',
        'cuota.pago',
        'cuota.pago.confirmado',
        'cuota.pago.no_recibido',
        'cuota.propuesta',
        'finanzas.propuesta',
        'gasto.recurrente_detenido',
        'pago.comprobante',
      ].sort(),
    );
  });

  it('the check tells a missing text from a present one', () => {
    expect(hasText(es, 'families.record.kind.calendario_creado')).toBe(false);
    expect(hasText(es, 'families.record.about.cambio_pedido')).toBe(true);
  });

  it('names what an entry concerns when its content is there, and says only what happened otherwise', () => {
    const expense = { tipo: 'gasto.creado', contenido: { gasto: 'g1', descripcion: 'Dentista' } };
    expect(recordSentence(expense, names)).toEqual({ key: 'families.record.about.gasto_creado', params: { descripcion: 'Dentista' } });
    expect(recordSentence({ ...expense, contenido: null, contenidoReservado: true }, names)).toEqual({ key: 'families.record.kind.gasto_creado', params: {} });
    expect(recordSentence({ tipo: 'hijo.modificado', contenido: { hijo: 'h1', campos: ['foto'] } }, names).params).toEqual({ hijo: 'Tomás Pereyra' });
    // A child no longer listed, an older entry without the subject: the neutral sentence.
    expect(recordSentence({ tipo: 'hijo.modificado', contenido: { hijo: 'gone' } }, names).key).toBe('families.record.kind.hijo_modificado');
    expect(recordSentence({ tipo: 'mensaje.enviado', contenido: { mensaje: 'm1' } }, names).key).toBe('families.record.kind.mensaje_enviado');
    expect(recordSentence({ tipo: 'gasto.respondido', contenido: { descripcion: 'Dentista', decision: 'disputado' } }, names).key).toBe(
      'families.record.about.gasto_respondido_disputado',
    );
    expect(recordSentence({ tipo: 'cambio.pedido', contenido: { noches: ['2027-01-09', '2027-01-08'] } }, names).params).toEqual({ count: 2, fecha: 'día 2027-01-08' });
    expect(recordSentence({ tipo: 'cuota.pago.confirmado', contenido: { cuota: 'c1' } }, names).key).toBe('families.record.kind.cuota_pago_confirmado');
    expect(recordSentence({ tipo: 'evento.creado', contenido: { titulo: 'Dentista' } }, names).key).toBe('families.record.about.evento_creado');
    expect(recordSentence({ tipo: 'evento.creado', contenido: { eventoId: 'e1', privado: true } }, names).key).toBe(
      'families.record.about.evento_creado_privado',
    );
    // A kind this app does not know yet (a newer server).
    expect(recordSentence({ tipo: 'calendario.creado', contenido: {} }, names)).toEqual({ key: 'families.record.kind.other', params: { kind: 'calendario.creado' } });
    expect(withheldWhyKey('pago.registrado')).toBe('families.record.withheldWhy.money');
    expect(withheldWhyKey('calendario.creado')).toBe('families.record.withheldWhy.other');
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

  it('shows an entry withheld from this reader plainly, with why, and names the ones it may read', () => {
    render(
      <RecordView
        members={members}
        childrenOfFamily={[{ _id: 'h1', nombre: 'Tomás', apellido: 'Pereyra' } as never]}
        verification={{ ...intact, contenidoReservado: 1 }}
        entries={[
          entry({ seq: 3, tipo: 'gasto.creado', contenidoReservado: true }),
          entry({ seq: 2, tipo: 'documento.subido', contenido: { titulo: 'Calendario escolar' } as never }),
          entry({ seq: 1, tipo: 'hijo.modificado', contenido: { hijo: 'h1', campos: ['foto'] } as never }),
        ]}
      />,
    );
    expect(screen.getByText('Registro íntegro: 3 entradas, verificado.')).toBeInTheDocument();
    expect(screen.getByText(/1 entrada tiene el contenido reservado/)).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByText('Se cargó un gasto')).toBeInTheDocument();
    const withheld = screen.getByTestId('record-withheld');
    expect(withheld).toHaveTextContent('Contenido reservado');
    expect(withheld).toHaveTextContent('El dinero solo lo ven los progenitores.');
    expect(screen.getByText('Se subió «Calendario escolar»')).toBeInTheDocument();
    expect(screen.getByText('Se modificaron los datos de Tomás Pereyra')).toBeInTheDocument();
    expect(screen.getAllByTestId('record-withheld')).toHaveLength(1);
  });

  it('speaks English, plurals included', async () => {
    await i18n.changeLanguage('en');
    render(
      <RecordView
        members={members}
        verification={{ ...intact, contenidoReservado: 2 }}
        entries={[
          entry({ seq: 2, tipo: 'cambio.pedido', contenido: { noches: ['2027-01-08', '2027-01-09'] } as never }),
          entry({ seq: 1, tipo: 'conversacion.creada', contenidoReservado: true }),
        ]}
      />,
    );
    expect(screen.getByText('A swap of 2 nights from January 8, 2027 was requested')).toBeInTheDocument();
    expect(screen.getByText('A conversation was started')).toBeInTheDocument();
    expect(screen.getByTestId('record-withheld')).toHaveTextContent('Content withheld');
    expect(screen.getByTestId('record-withheld')).toHaveTextContent('Only the conversation’s participants see it.');
    expect(screen.getByText(/2 entries have their content withheld/)).toBeInTheDocument();
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
