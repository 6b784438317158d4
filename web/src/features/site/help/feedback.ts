import { api } from '../../../api/client';
import type { components } from '../../../api/schema';

export type ArticleFeedback = components['schemas']['FeedbackRequest'];

/** Sends a "was this helpful" answer. Never throws: the reader is thanked whatever happens. */
export async function sendFeedback(feedback: ArticleFeedback): Promise<void> {
  try {
    const { response } = await api.POST('/api/ayuda/valoraciones', { body: feedback });
    if (!response.ok) console.warn(`Help feedback not recorded (HTTP ${response.status})`);
  } catch (error) {
    console.warn('Help feedback not sent', error);
  }
}
