/** The contract's event types and categories (issue 17), in the order the form offers them. */
export const EVENT_TYPES = ['recogida', 'actividad', 'cumpleanos', 'familia', 'recordatorio', 'personalizado'] as const;
export type EventType = (typeof EVENT_TYPES)[number];

export const CATEGORIES = ['custodia', 'escuela', 'medico', 'actividades', 'celebraciones', 'viajes'] as const;
export type Category = (typeof CATEGORIES)[number];

/** Reminder choices in minutes before; 10080, 1440 and 60 are the defaults (1 week, 1 day, 1 hour). */
export const REMINDERS = [10080, 2880, 1440, 120, 60, 15] as const;
/** The server keeps at most this many reminders per event. */
export const MAX_REMINDERS = 5;
export const DEFAULT_REMINDERS: number[] = [10080, 1440, 60];

/** What the event form sends: local wall-clock `inicio`/`fin` in `zonaHoraria`, or dates when all day. */
export interface EventInput {
  familiaId: string;
  titulo: string;
  tipo: EventType;
  categoria: Category;
  inicio: string;
  fin?: string | null;
  todoElDia: boolean;
  zonaHoraria?: string | null;
  recurrencia?: string | null;
  excepciones?: string[];
  fechasExtra?: string[];
  hijos: string[];
  lugar?: string | null;
  notas?: string | null;
  privado?: boolean;
  recordatorios?: number[];
}

/** An event as stored (a single one or a series): `inicio`/`fin` are local, the series' first. */
export interface StoredEvent {
  _id: string;
  inicio: string;
  fin: string;
  todoElDia: boolean;
  zonaHoraria: string;
  recurrencia?: string | null;
  excepciones: string[];
  fechasExtra: string[];
}

/** One occurrence of an event, as the calendar lists it. */
export interface Occurrence {
  eventoId: string;
  /** Its local start, which names it when changing it alone or with the following ones. */
  ocurrencia: string;
  /** RFC 3339 with the real offset, or a date for all-day events. */
  inicio: string;
  fin?: string | null;
  titulo: string;
  tipo: string;
  categoria: string;
  todoElDia: boolean;
  zonaHoraria: string;
  recurrencia?: string | null;
  hijos: string[];
  lugar?: string | null;
  notas?: string | null;
  privado: boolean;
  recordatorios: number[];
  autorId?: string | null;
}

/** Which occurrences a change of a repeating event reaches: the API's `alcance`, or the whole series. */
export type Scope = 'una' | 'siguientes' | 'todas';

export interface Night {
  fecha: string;
  usuarioId: string;
}

export interface CustodySchedule {
  patron: string;
  inicio: string;
  progenitorA: string;
  progenitorB: string;
  horaIntercambio: string;
  ciclo?: string | null;
}

export type SwapState = 'pendiente' | 'aceptado' | 'rechazado' | 'contraofertado' | 'vencido';

export interface Swap {
  _id: string;
  solicitanteId: string;
  destinatarioId: string;
  noches: string[];
  devolucion: string[];
  motivo: string;
  responderAntesDe: string;
  estado: SwapState | string;
  respondeA?: string | null;
  /** Open and waiting for the caller's answer. */
  porResponder: boolean;
}

export interface SwapInput {
  noches: string[];
  motivo: string;
  responderAntesDe: string;
  devolucion?: string[];
}

export interface HandoverInput {
  fecha: string;
  ocurrio: string;
  nota?: string | null;
}
