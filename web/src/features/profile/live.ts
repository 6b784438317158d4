import type { LiveParts } from '../../api/live';
import { summaryKey } from './api';

/** The profile's summary counts documents. */
export const profileLive = {
  documentos: (client) => void client.invalidateQueries({ queryKey: summaryKey }),
} satisfies LiveParts;
