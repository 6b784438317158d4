import type { LiveParts } from '../../api/live';
import { documentsKey } from './api';

/** A document uploaded, changed, deleted or restored: the documents' lists, details and storage. */
export const documentsLive = {
  documentos: (client) => void client.invalidateQueries({ queryKey: documentsKey }),
} satisfies LiveParts;
