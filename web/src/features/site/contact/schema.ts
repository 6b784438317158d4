import type { TFunction } from '../../../i18n';
import { z } from 'zod';
import { emailSchema } from '../../../lib/emailSchema';
import type { ContactTexts } from '../../../content/contact/types';

/** The server's limits (server/src/site/contact.rs), checked here first so people see them at once. */
export function contactSchema(t: TFunction, text: ContactTexts) {
  const required = (message: string, max: number) => z.string().trim().min(1, message).max(max, text.tooLong);
  return z.object({
    name: required(text.nameRequired, 100),
    email: emailSchema(t).max(254, text.tooLong),
    subject: required(text.subjectRequired, 200),
    message: required(text.messageRequired, 5000),
    website: z.string(),
  });
}

export type ContactValues = z.infer<ReturnType<typeof contactSchema>>;
