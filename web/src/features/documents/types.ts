/** The documents API's shapes (docs/openapi.json, DocumentoView and friends). */
import type { components } from '../../api/schema';

export const CATEGORIES = ['legal', 'medico', 'escolar', 'financiero', 'identificacion', 'actividades'] as const;
export type Category = (typeof CATEGORIES)[number];

export const VISIBILITIES = ['familia', 'coprogenitores', 'privado'] as const;
export type Visibility = (typeof VISIBILITIES)[number];

type Schemas = components['schemas'];

export type FileInfo = Schemas['Archivo'];
export type Uploader = Schemas['Persona'];

/** A document as the list and the detail answer it (the detail with its versions). */
export type DocumentView = Schemas['DocumentoView'];

/** One version of a document. */
export type Version = Schemas['DocumentoVersionView'];

export type DocumentPage = Schemas['DocumentoPage'];

/** A category or visibility the answer states, as the form's choices know it. */
export const isCategory = (value: string): value is Category => CATEGORIES.some((c) => c === value);
export const isVisibility = (value: string): value is Visibility => VISIBILITIES.some((v) => v === value);

export type StorageUse = Schemas['Espacio'];

export interface DocumentFilters {
  categoria?: string;
  hijoId?: string;
  q?: string;
}

export interface DocumentFields {
  titulo: string;
  categoria: Category;
  hijos: string[];
  notas: string;
  visibilidad: Visibility;
}
