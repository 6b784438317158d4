import { areaValues, proposalChoiceValues, type components } from '../../api/schema';
import type { Member } from './api';

/** Every kind of entry the server writes (the closed set of `RecordKind` in docs/openapi.json). */
export type RecordKind = components['schemas']['RecordKind'];

/** The domain that wrote an entry: it says why its content may be withheld from a reader. */
export type RecordDomain = 'family' | 'children' | 'card' | 'messages' | 'calendar' | 'money' | 'documents';

/** How an entry's sentence names people, children, days and months in the reader's language. */
export interface RecordNames {
  /** A member's name, or null for someone no longer in the family's list. */
  person: (usuarioId: string) => string | null;
  /** A child's name, or null for one no longer listed (deleted, erased). */
  child: (hijoId: string) => string | null;
  /** A YYYY-MM-DD day. */
  day: (date: string) => string;
  /** A YYYY-MM month. */
  month: (period: string) => string;
}

type Params = Record<string, string | number>;

/** The sentence that names what an entry concerns: `about.<kind>`, or `about.<kind>_<variant>`. */
interface About {
  params: Params;
  variant?: string;
}

interface KindLabel {
  domain: RecordDomain;
  /** From the entry's content; null when the content does not hold what to name (older entries). */
  about?: (content: Content, names: RecordNames) => About | null;
  /** The variants `about` may choose, each with its own sentence ('' for `about.<kind>` itself). */
  variants?: readonly string[];
}

/** An entry's content as the server sent it: any JSON object. */
export type Content = Record<string, unknown>;

/** The fields of a JSON object, read as Content. */
const fieldsOf = (value: object): Content => Object.fromEntries(Object.entries(value));

const text = (c: Content, key: string): string | null => {
  const value = c[key];
  return typeof value === 'string' && value.trim() !== '' ? value : null;
};

const list = (c: Content, key: string): unknown[] => {
  const value = c[key];
  return Array.isArray(value) ? value : [];
};

/** The parameters when every one of them is known, else null. */
function all(values: Record<string, string | number | null | undefined>): About | null {
  const params: Params = {};
  for (const [key, value] of Object.entries(values)) {
    if (value == null || value === '') return null;
    params[key] = value;
  }
  return { params };
}

const titled = (key: string) => (c: Content) => all({ titulo: text(c, key) });

const person = (key: string) => (c: Content, n: RecordNames) => {
  const id = text(c, key);
  return all({ persona: id && n.person(id) });
};

const child = (c: Content, n: RecordNames) => {
  const id = text(c, 'hijo');
  return all({ hijo: id && n.child(id) });
};

/** A swap's nights: how many, from the first. */
const nights = (c: Content, n: RecordNames) => {
  const dates = list(c, 'noches')
    .map((night) => (typeof night === 'string' ? night : typeof night === 'object' && night ? fieldsOf(night).fecha : null))
    .filter((d): d is string => typeof d === 'string')
    .sort();
  const first = dates[0];
  return first === undefined ? null : all({ count: dates.length, fecha: n.day(first) });
};

const expense = (c: Content) => all({ descripcion: text(c, 'descripcion') });

/** A money proposal's answer: accepted, declined or withdrawn. */
const proposalAnswer: KindLabel = {
  domain: 'money',
  variants: proposalChoiceValues,
  about: (c) => {
    const decision = proposalChoiceValues.find((d) => d === text(c, 'decision'));
    return decision ? { params: {}, variant: decision } : null;
  },
};

/** A private event's entries never hold its title, even for its author: they say it was private. */
const event: KindLabel = {
  domain: 'calendar',
  variants: ['', 'privado'],
  about: (c) => (c.privado === true ? { params: {}, variant: 'privado' } : titled('titulo')(c)),
};

/**
 * Each kind's words: a neutral sentence (`families.record.kind.<kind>`, shown when the content is
 * withheld, erased or holds nothing to name) and, for most, one that names what it concerns
 * (`families.record.about.<kind>`). A `Record` over the server's closed set of kinds, so a kind
 * without words does not compile; FamilyRecord.test.tsx checks that every key exists in Spanish
 * and English.
 */
export const RECORD_LABELS: Record<RecordKind, KindLabel> = {
  'familia.creada': { domain: 'family', about: (c) => all({ nombre: text(c, 'nombre') }) },
  'familia.cambiada': { domain: 'family', about: (c) => all({ nombre: text(c, 'nombre'), zona: text(c, 'zonaHoraria') }) },
  'miembro.unido': { domain: 'family', about: person('usuario') },
  'miembro.salio': { domain: 'family', about: person('usuario') },
  'miembro.eliminado': { domain: 'family', about: person('usuario') },
  'miembro.cambiado': {
    domain: 'family',
    about: (c, n) => {
      const after = c.despues;
      return typeof after === 'object' && after ? person('usuario')(fieldsOf(after), n) : null;
    },
  },
  'hijo.creado': {
    domain: 'children',
    about: (c) => all({ hijo: [text(c, 'nombre'), text(c, 'apellido')].filter(Boolean).join(' ') }),
  },
  'hijo.modificado': { domain: 'children', about: child },
  'hijo.eliminado': { domain: 'children', about: child },
  'hijo.restaurado': { domain: 'children', about: child },
  'hijo.purgado': { domain: 'children', about: child },
  'tarjeta.creada': { domain: 'card', about: child },
  'tarjeta.revocada': { domain: 'card', about: child },
  'tarjeta.abierta': {
    domain: 'card',
    about: (c, n) => {
      const id = text(c, 'hijo');
      return all({ hijo: id && n.child(id), navegador: text(c, 'navegador') });
    },
  },
  'conversacion.creada': { domain: 'messages', about: titled('asunto') },
  'mensaje.enviado': { domain: 'messages', about: titled('asunto') },
  'mensaje.visto': { domain: 'messages', about: titled('asunto') },
  'evento.creado': event,
  'evento.modificado': event,
  'evento.cancelado': event,
  'custodia.definida': {
    domain: 'calendar',
    about: (c, n) => {
      const inicio = text(c, 'inicio');
      return all({ fecha: inicio && n.day(inicio) });
    },
  },
  'custodia.periodo': {
    domain: 'calendar',
    variants: ['agregado', 'eliminado'],
    about: (c) => {
      const accion = text(c, 'accion');
      const found = all({ nombre: text(c, 'nombre') });
      return found && (accion === 'agregado' || accion === 'eliminado') ? { ...found, variant: accion } : null;
    },
  },
  'custodia.propuesta': {
    domain: 'calendar',
    variants: ['calendario', 'periodo'],
    about: (c) => {
      const tipo = text(c, 'tipo');
      return tipo === 'calendario' || tipo === 'periodo' ? { params: {}, variant: tipo } : null;
    },
  },
  'custodia.propuesta.respondida': {
    domain: 'calendar',
    variants: ['acepta', 'aplicada', 'rechaza', 'retira'],
    about: (c) => {
      const answer = c.aplicada === true ? 'aplicada' : text(c, 'respuesta');
      return answer === 'acepta' || answer === 'aplicada' || answer === 'rechaza' || answer === 'retira' ? { params: {}, variant: answer } : null;
    },
  },
  'cambio.pedido': { domain: 'calendar', about: nights },
  'cambio.aceptado': { domain: 'calendar', about: nights },
  'cambio.rechazado': { domain: 'calendar' },
  'cambio.contraoferta': { domain: 'calendar', about: nights },
  'cambio.vencido': { domain: 'calendar' },
  'entrega.registrada': {
    domain: 'calendar',
    about: (c, n) => {
      const fecha = text(c, 'fecha');
      return all({ fecha: fecha && n.day(fecha) });
    },
  },
  'finanzas.cambiadas': { domain: 'money', about: (c) => all({ moneda: text(c, 'moneda') }) },
  'finanzas.propuesta': { domain: 'money' },
  'finanzas.propuesta.respondida': proposalAnswer,
  'gasto.creado': { domain: 'money', about: expense },
  'gasto.modificado': { domain: 'money', about: expense },
  'gasto.retirado': { domain: 'money', about: expense },
  'gasto.respondido': {
    domain: 'money',
    variants: ['aprobado', 'rechazado', 'disputado'],
    about: (c) => {
      const decision = text(c, 'decision');
      const found = expense(c);
      return found && (decision === 'aprobado' || decision === 'rechazado' || decision === 'disputado') ? { ...found, variant: decision } : null;
    },
  },
  'gasto.recibo': { domain: 'money', about: expense },
  'gasto.recurrente_detenido': { domain: 'money' },
  'gasto.reintegro': { domain: 'money', about: expense },
  'pago.registrado': {
    domain: 'money',
    about: (c, n) => {
      const [de, para] = [text(c, 'de'), text(c, 'para')];
      return all({ de: de && n.person(de), para: para && n.person(para) });
    },
  },
  'pago.respondido': {
    domain: 'money',
    variants: ['confirmado', 'no_recibido'],
    about: (c) => {
      const estado = text(c, 'estado');
      return estado === 'confirmado' || estado === 'no_recibido' ? { params: {}, variant: estado } : null;
    },
  },
  'pago.comprobante': { domain: 'money' },
  'cuota.creada': {
    domain: 'money',
    about: (c, n) => {
      const [de, para] = [text(c, 'pagador'), text(c, 'beneficiario')];
      return all({ de: de && n.person(de), para: para && n.person(para) });
    },
  },
  'cuota.modificada': { domain: 'money' },
  'cuota.ajustada': { domain: 'money' },
  'cuota.vencimiento': {
    domain: 'money',
    about: (c, n) => {
      const periodo = text(c, 'periodo');
      return all({ mes: periodo && n.month(periodo) });
    },
  },
  'cuota.vencida': {
    domain: 'money',
    about: (c, n) => {
      const periodo = text(c, 'periodo');
      return all({ mes: periodo && n.month(periodo) });
    },
  },
  'cuota.pago': { domain: 'money' },
  'cuota.pago.confirmado': { domain: 'money' },
  'cuota.pago.no_recibido': { domain: 'money' },
  'cuota.propuesta': { domain: 'money' },
  'cuota.propuesta.respondida': proposalAnswer,
  'documento.subido': { domain: 'documents', about: titled('titulo') },
  'documento.version': { domain: 'documents', about: titled('titulo') },
  'documento.descargado': { domain: 'documents', about: titled('titulo') },
  'documento.modificado': { domain: 'documents', about: titled('titulo') },
  'documento.eliminado': { domain: 'documents', about: titled('titulo') },
  'documento.restaurado': { domain: 'documents', about: titled('titulo') },
  'documento.purgado': { domain: 'documents', about: titled('titulo') },
  'informe.emitido': {
    domain: 'family',
    about: (c, n) => {
      const desde = text(c, 'desde');
      const hasta = text(c, 'hasta');
      return all({ desde: desde && n.day(desde), hasta: hasta && n.day(hasta) });
    },
  },
  'profesional.otorgado': {
    domain: 'family',
    about: (c, n) => {
      const vence = text(c, 'venceAt');
      return all({ email: text(c, 'email'), vence: vence && n.day(vence.slice(0, 10)) });
    },
  },
  'profesional.consentido': { domain: 'family', about: (c) => all({ email: text(c, 'email') }) },
  'profesional.aceptado': { domain: 'family', about: (c) => all({ email: text(c, 'email') }) },
  'profesional.terminado': { domain: 'family', about: (c) => all({ email: text(c, 'email') }) },
  'profesional.vencido': { domain: 'family', about: (c) => all({ email: text(c, 'email') }) },
  'profesional.lectura': {
    domain: 'family',
    variants: areaValues,
    about: (c, n) => {
      const area = areaValues.find((a) => a === text(c, 'area'));
      const dia = text(c, 'dia');
      const found = all({ dia: dia && n.day(dia) });
      return found && area ? { ...found, variant: area } : null;
    },
  },
};

/** The kinds this app has words for. */
export const RECORD_KINDS = Object.keys(RECORD_LABELS) as RecordKind[];

/** A kind's name in i18n keys: its dots become underscores (`cuota.pago.confirmado`). */
export const kindKey = (tipo: string) => tipo.replaceAll('.', '_');

/** The label of a kind, if this app knows it: a newer server may write kinds it does not. */
function labelOf(tipo: string): KindLabel | undefined {
  return (RECORD_LABELS as Partial<Record<string, KindLabel>>)[tipo];
}

export interface RecordSentence {
  key: string;
  params: Params;
}

/**
 * What an entry says, in words: what it concerns when the reader may read its content, a neutral
 * sentence when the content is withheld, erased or names nothing, and the kind's code for a kind
 * this app does not know yet.
 */
export function recordSentence(
  entry: { tipo: string; contenido?: unknown; contenidoReservado?: boolean },
  names: RecordNames,
): RecordSentence {
  const label = labelOf(entry.tipo);
  if (!label) return { key: 'families.record.kind.other', params: { kind: entry.tipo } };
  const neutral = { key: `families.record.kind.${kindKey(entry.tipo)}`, params: {} };
  const content = entry.contenido;
  if (entry.contenidoReservado || !label.about || typeof content !== 'object' || content === null) return neutral;
  const about = label.about(fieldsOf(content), names);
  if (!about) return neutral;
  const suffix = about.variant ? `_${about.variant}` : '';
  return { key: `families.record.about.${kindKey(entry.tipo)}${suffix}`, params: about.params };
}

/** Why an entry's content is kept from this reader: its domain's rule, in a few words. */
export function withheldWhyKey(tipo: string) {
  return `families.record.withheldWhy.${labelOf(tipo)?.domain ?? 'other'}`;
}

/** The `about` keys a kind uses (without plural endings), for the tests. */
export function aboutKeys(tipo: RecordKind): string[] {
  const label = RECORD_LABELS[tipo];
  if (!label.about) return [];
  const base = `families.record.about.${kindKey(tipo)}`;
  return label.variants ? label.variants.map((v) => (v ? `${base}_${v}` : base)) : [base];
}

/**
 * Who acted, as the record can say it: a member's name, whoever held an emergency card's link
 * for its openings, Nido for the server's own work (no actor), or "a former member" for someone
 * no longer in the family's list.
 */
export function recordActor(actor: string | null | undefined, members: Member[], tipo?: string): { name: string } | { key: string } {
  if (!actor) return { key: tipo === 'tarjeta.abierta' ? 'families.record.byLinkHolder' : 'families.record.byNido' };
  const member = members.find((m) => m.usuarioId === actor);
  if (!member) return { key: 'families.record.byFormer' };
  return { name: `${member.nombre} ${member.apellido}`.trim() };
}
