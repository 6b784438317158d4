/** The documents API's shapes (docs/openapi.json, DocumentoView and friends). */
import { documentCategoryValues, visibilityValues, type components } from '../../api/schema';

type Schemas = components['schemas'];

export const CATEGORIES = documentCategoryValues;
export type Category = Schemas['DocumentCategory'];

export const VISIBILITIES = visibilityValues;
export type Visibility = Schemas['Visibility'];

export type FileInfo = Schemas['Archivo'];
export type Uploader = Schemas['Persona'];

/** A document as the list and the detail answer it (the detail with its versions). */
export type DocumentView = Schemas['DocumentoView'];

/** One version of a document. */
export type Version = Schemas['DocumentoVersionView'];

export type DocumentPage = Schemas['DocumentoPage'];

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
