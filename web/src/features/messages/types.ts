/**
 * The shapes of the messages API (issue 16's contract), as the app reads them.
 */
export const TOPICS = ['general', 'medico', 'escuela', 'actividades', 'horarios', 'gastos'] as const;
export type Topic = (typeof TOPICS)[number];

export const MESSAGE_TYPES = ['normal', 'urgente', 'emergencia'] as const;
export type MessageType = (typeof MESSAGE_TYPES)[number];

export type Tone = 'ok' | 'atencion' | 'hostil';
export type ToneCategory = 'insulto' | 'amenaza' | 'desprecio' | 'culpa' | 'absoluto' | 'gritos';

export interface Person {
  _id: string;
  nombre: string;
  apellido: string;
}

export interface Participant extends Person {
  foto: string | null;
}

export interface Quote {
  _id: string;
  numero: number;
  autor: Person | null;
  /** Empty when `plegado`. */
  texto: string;
  /** The quoted message's tone, so a reply never shows what the shield folds. */
  tono: Tone;
  /** The server left the text out for the reader's shield (in a list's preview). */
  plegado: boolean;
  enviadoAt: string;
}

export interface Attachment {
  _id: string;
  nombre: string;
  clase: 'imagen' | 'pdf';
  mime: string;
  tamano: number;
  url: string;
  miniatura: string | null;
}

export interface View {
  usuarioId: string;
  vistaAt: string | null;
}

export interface Message {
  _id: string;
  conversacionId: string;
  familiaId: string;
  numero: number;
  autor: Person | null;
  /** Empty when `plegado`. */
  texto: string;
  tipo: MessageType;
  tono: Tone;
  /** The server left the text out for the reader's shield (a list's preview); a thread's pages always carry it. */
  plegado: boolean;
  respondeA: Quote | null;
  adjuntos: Attachment[];
  vistas: View[];
  registro: { seq: number; hash: string };
  enviadoAt: string;
}

export interface Conversation {
  _id: string;
  familiaId: string;
  tema: Topic;
  asunto: string;
  creadaPor: string | null;
  creadaAt: string;
  actualizadaAt: string;
  participantes: Participant[];
  ultimoMensaje: Message | null;
  noLeidos: number;
}

export interface ConversationPage {
  conversaciones: Conversation[];
  siguiente: string | null;
}

export interface MessagePage {
  mensajes: Message[];
  siguiente: string | null;
}

export interface ToneFragment {
  inicio: number;
  fin: number;
  categoria: ToneCategory;
  /** Short advice on saying it more calmly. */
  sugerencia: string;
  /** A calmer wording to put in place of exactly this fragment; empty: leave it out; null: none. */
  reemplazo: string | null;
}

export interface ToneAnswer {
  nivel: Tone;
  fragmentos: ToneFragment[];
}

export interface NewConversation {
  familiaId: string;
  tema: Topic;
  asunto: string;
  participantes?: string[];
}

export interface NewMessage {
  texto: string;
  tipo: MessageType;
  respondeA?: string;
  adjuntos?: string[];
}
