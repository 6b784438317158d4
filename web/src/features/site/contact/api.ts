import { api, unwrap } from '../../../api/client';
import type { components } from '../../../api/schema';

export type ContactRequest = components['schemas']['ContactRequest'];

export async function sendContactMessage(body: ContactRequest, fallback: string) {
  return unwrap(api.POST('/api/contacto', { body }), fallback);
}
