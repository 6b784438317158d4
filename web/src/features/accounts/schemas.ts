import { z } from 'zod';
import type { TFunction } from '../../i18n';
import { EMAIL_SHAPE, emailSchema } from '../../lib/emailSchema';
import { PASSWORD_MIN } from '../../lib/password';

const email = emailSchema;

const newPassword = (t: TFunction) =>
  z.string().min(1, { error: t('validation.passwordRequired'), abort: true }).min(PASSWORD_MIN, t('validation.passwordTooShort'));

export const loginSchema = (t: TFunction) =>
  z.object({
    email: email(t),
    password: z.string().min(1, t('validation.passwordRequired')),
  });

/**
 * The registration form. `askRelation`: a new parent starts a family of their own and says how
 * they relate to its children; someone joining by invitation has the invitation's relation.
 */
export const registerSchema = (t: TFunction, askRelation = false) =>
  z
    .object({
      nombre: z.string().trim().min(1, t('validation.nameRequired')),
      apellido: z.string().trim().min(1, t('validation.lastNameRequired')),
      email: email(t),
      telefono: z.string().trim(),
      relacion: z.string(),
      password: newPassword(t),
      confirmPassword: z.string(),
      terms: z.boolean().refine((v) => v, t('validation.termsRequired')),
    })
    .refine((v) => !askRelation || v.relacion !== '', {
      message: t('register.relationRequired'),
      path: ['relacion'],
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
