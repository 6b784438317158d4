import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '../../i18n';
import { api, unwrap } from '../../api/client';

interface Person {
  _id: string;
  nombre: string;
  apellido: string;
}

export interface PrintAttachment {
  _id: string;
  nombre: string;
  clase: string;
  mime: string;
  tamano: number;
}

export interface PrintMessage {
  _id: string;
  numero: number;
  autor: Person | null;
  texto: string;
  tipo: string;
  respondeA: { _id: string; numero: number } | null;
  adjuntos: PrintAttachment[];
  vistas: { usuarioId: string; vistaAt?: string | null }[];
  registro: { seq: number; hash: string };
  enviadoAt: string;
}

export interface PrintEntry {
  seq: number;
  hash: string;
  previo: string;
  contenidoHash: string;
  /** The act's content; null once erased with the person it concerned. */
  contenido?: Record<string, unknown> | null;
}

/** What `GET /api/conversaciones/{id}/impresion` answers. */
export interface PrintData {
  conversacion: { _id: string; tema: string; asunto: string; participantes: Person[] };
  familia: { _id: string; nombre: string };
  mensajes: PrintMessage[];
  registro: { entradas: PrintEntry[] };
  generadaAt: string;
}

export interface PrintRange {
  desde: string;
  hasta: string;
}

type Query = { desde?: string; hasta?: string };
type PrintGet = (
  path: '/api/conversaciones/{id}/impresion',
  init: { params: { path: { id: string }; query: Query } },
) => Promise<{ data?: { data: PrintData }; error?: unknown; response: Response }>;

export function usePrintData(id: string, range: PrintRange) {
  const { t } = useTranslation();
  const query: Query = {};
  if (range.desde) query.desde = range.desde;
  if (range.hasta) query.hasta = range.hasta;
  return useQuery({
    queryKey: ['conversaciones', id, 'impresion', query],
    queryFn: async () =>
      (await unwrap((api.GET as unknown as PrintGet)('/api/conversaciones/{id}/impresion', { params: { path: { id }, query } }), t('print.failed'))).data,
  });
}

/** The SHA-256 of a text's UTF-8 bytes, in lowercase hex: what a message's record entry holds as `textoSha256`. */
export async function sha256Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, '0')).join('');
}
