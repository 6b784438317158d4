/** The documents API's shapes (docs/openapi.json, DocumentoView and friends). */
import type { components } from '../../api/schema';

export const CATEGORIES = ['legal', 'medico', 'escolar', 'financiero', 'identificacion', 'actividades'] as const;
export type Category = (typeof CATEGORIES)[number];

export const VISIBILITIES = ['familia', 'coprogenitores', 'privado'] as const;
export type Visibility = (typeof VISIBILITIES)[number];

type Schemas = components['schemas'];

export type FileInfo = Schemas['Archivo'];
export type Uploader = Schemas['Persona'];

/** The server describes category and visibility as strings; the contract fixes their values. */
export type DocumentView = Omit<Schemas['DocumentoView'], 'categoria' | 'visibilidad' | 'versiones'> & { categoria: Category; visibilidad: Visibility };

/** One version of a document. */
export type Version = Schemas['DocumentoVersionView'];

export interface DocumentDetail extends DocumentView {
  versiones: Version[];
}

export type DocumentPage = Omit<Schemas['DocumentoPage'], 'documentos'> & { documentos: DocumentView[] };

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
