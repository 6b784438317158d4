// Plain data the messages tests draw from: two parents and a message to vary.
import type { Message } from './types';

export const ana = { _id: 'ana', nombre: 'Ana', apellido: 'García' };
export const bruno = { _id: 'bruno', nombre: 'Bruno', apellido: 'Pérez' };

/** A message from Bruno that Ana has not seen yet; `over` changes what a test is about. */
export const aMessage = (over: Partial<Message> = {}): Message => ({
  _id: 'm1',
  conversacionId: 'c1',
  familiaId: 'f1',
  numero: 1,
  autor: bruno,
  texto: 'hola',
  tipo: 'normal',
  tono: 'ok',
  plegado: false,
  respondeA: null,
  adjuntos: [],
  vistas: [{ usuarioId: 'ana', vistaAt: null }],
  registro: { seq: 1, hash: 'h' },
  enviadoAt: '2026-11-24T12:00:00Z',
  ...over,
});
