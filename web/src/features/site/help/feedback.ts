import type { Language } from '../../../i18n/detect';

export const FEEDBACK_URL = '/api/ayuda/valoraciones';

export interface ArticleFeedback {
  categoria: string;
  articulo: string;
  util: boolean;
  language: Language;
}

/** Sends a "was this helpful" answer. Never throws: the reader is thanked whatever happens. */
export async function sendFeedback(feedback: ArticleFeedback): Promise<void> {
  try {
    const response = await fetch(FEEDBACK_URL, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(feedback),
    });
    if (!response.ok) console.warn(`Help feedback not recorded (HTTP ${response.status})`);
  } catch (error) {
    console.warn('Help feedback not sent', error);
  }
}
