import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '../../i18n';
import { api, unwrap } from '../../api/client';
import type { components } from '../../api/schema';
import { conversationKey } from './api';

type Printout = components['schemas']['Printout'];
type PrintedEntry = components['schemas']['PrintedEntry'];

export type PrintMessage = Printout['mensajes'][number];

/** A record entry, its content read as JSON (its keys depend on the entry's kind). */
export type PrintEntry = Omit<PrintedEntry, 'contenido'> & {
  /** The act's content; null once erased with the person it concerned. */
  contenido?: Record<string, unknown> | null;
};

/** What `GET /api/conversaciones/{id}/impresion` answers. */
export type PrintData = Omit<Printout, 'registro'> & { registro: { entradas: PrintEntry[] } };

export interface PrintRange {
  desde: string;
  hasta: string;
}

type Query = { desde?: string; hasta?: string };

const printKey = (id: string, query: Query) => [...conversationKey(id), 'print', query] as const;

export function usePrintData(id: string, range: PrintRange) {
  const { t } = useTranslation();
  const query: Query = {};
  if (range.desde) query.desde = range.desde;
  if (range.hasta) query.hasta = range.hasta;
  return useQuery({
    queryKey: printKey(id, query),
    // The entries' content is free-form JSON: the schema's empty object reads as any object's keys.
    queryFn: async (): Promise<PrintData> =>
      (await unwrap(api.GET('/api/conversaciones/{id}/impresion', { params: { path: { id }, query } }), t('print.failed'))).data,
  });
}

/** The SHA-256 of a text's UTF-8 bytes, in lowercase hex: what a message's record entry holds as `textoSha256`. */
export async function sha256Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, '0')).join('');
}
