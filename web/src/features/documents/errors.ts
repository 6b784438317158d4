import { ApiError } from '../../api/client';
import type { TFunction } from '../../i18n';

/** Where a refusal of the server goes on the form: next to a field, or above the buttons. */
export interface PlacedErrors {
  fields: Record<string, string>;
  general: string | null;
}

/**
 * Places the server's answer: a refused type or a file too big (or over the family's quota) is
 * the file's problem; a 422 names its fields. The server's message is already in the reader's
 * language; the client's own text stands in when it sent none.
 */
export function placeErrors(error: unknown, t: TFunction, fallback: string): PlacedErrors {
  if (!(error instanceof ApiError)) return { fields: {}, general: fallback };
  const fallbackForFile: Record<string, string> = {
    tipo_no_admitido: t('documents.errors.type'),
    archivo_muy_grande: t('documents.errors.tooBig'),
    cuota_agotada: t('documents.errors.quota'),
  };
  if (error.code && error.code in fallbackForFile) return { fields: { archivo: error.message || fallbackForFile[error.code]! }, general: null };
  if (error.status === 415) return { fields: { archivo: error.message || t('documents.errors.type') }, general: null };
  if (error.status === 413) return { fields: { archivo: error.message || t('documents.errors.tooBig') }, general: null };
  if (Object.keys(error.fields).length > 0) return { fields: error.fields, general: null };
  return { fields: {}, general: error.message || fallback };
}
