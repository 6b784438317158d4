import { z } from 'zod';
import type { TFunction } from '../../i18n';
import { EMAIL_SHAPE, emailSchema } from '../../lib/emailSchema';

export const PASSWORD_MIN = 8;
const email = emailSchema;

const newPassword = (t: TFunction) =>
  z.string().min(1, { error: t('validation.passwordRequired'), abort: true }).min(PASSWORD_MIN, t('validation.passwordTooShort'));

export const loginSchema = (t: TFunction) =>
  z.object({
    email: email(t),
    password: z.string().min(1, t('validation.passwordRequired')),
  });

export const registerSchema = (t: TFunction) =>
  z
    .object({
      nombre: z.string().trim().min(1, t('validation.nameRequired')),
      apellido: z.string().trim().min(1, t('validation.lastNameRequired')),
      email: email(t),
      telefono: z.string().trim(),
      password: newPassword(t),
      confirmPassword: z.string(),
      terms: z.boolean().refine((v) => v, t('validation.termsRequired')),
    })
    .refine((v) => v.password === v.confirmPassword, {
      message: t('validation.passwordsDontMatch'),
      path: ['confirmPassword'],
    });

export const forgotSchema = (t: TFunction) =>
  z.object({ email: z.string().trim().min(1, { error: t('forgot.emailRequired'), abort: true }).regex(EMAIL_SHAPE, t('validation.emailInvalid')) });

export const resetSchema = (t: TFunction) =>
  z
    .object({ password: newPassword(t), confirmPassword: z.string() })
    .refine((v) => v.password === v.confirmPassword, {
      message: t('validation.passwordsDontMatch'),
      path: ['confirmPassword'],
    });

export type LoginValues = z.infer<ReturnType<typeof loginSchema>>;
export type RegisterValues = z.infer<ReturnType<typeof registerSchema>>;
export type ForgotValues = z.infer<ReturnType<typeof forgotSchema>>;
export type ResetValues = z.infer<ReturnType<typeof resetSchema>>;
