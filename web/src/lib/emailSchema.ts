import { z } from 'zod';
import type { TFunction } from '../i18n';

/** Spec §5: text, at sign, text, dot, text. */
export const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** A required email field with the shared messages. */
export const emailSchema = (t: TFunction) =>
  z
    .string()
    .trim()
    .min(1, { error: t('validation.emailRequired'), abort: true })
    .regex(EMAIL_SHAPE, t('validation.emailInvalid'));
