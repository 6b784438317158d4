/** The documents API's shapes (docs/openapi.json, DocumentoView and friends). */
import { documentCategoryValues, visibilityValues, type components } from '../../api/schema';

type Schemas = components['schemas'];

export const CATEGORIES = documentCategoryValues;
export type Category = Schemas['DocumentCategory'];

export const VISIBILITIES = visibilityValues;
export type Visibility = Schemas['Visibility'];

export type FileInfo = Schemas['DocumentFileView'];
export type Uploader = Schemas['PersonView'];

/** A document as the list and the detail answer it (the detail with its versions). */
export type DocumentView = Schemas['DocumentView'];

/** One version of a document. */
export type Version = Schemas['DocumentVersionView'];

export type DocumentPage = Schemas['DocumentPage'];

export type StorageUse = Schemas['StorageUse'];

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
