import { z } from 'zod';
import type { TFunction } from '../../i18n';
import { emailSchema } from '../../lib/emailSchema';
import { PASSWORD_MIN } from '../../lib/password';
import { codeField } from '../../lib/twoFactorCodes';

/** Whether the email typed differs from the account's (the server asks for the password then). */
export function isNewEmail(typed: string, current: string): boolean {
  return typed.trim().toLowerCase() !== current.trim().toLowerCase();
}

/**
 * Spec §5 profile: first name, last name and email required, the email well formed, phone optional;
 * a new email also needs the current password, so a borrowed session cannot move the account.
 */
export const profileSchema = (t: TFunction, currentEmail?: string) =>
  z
    .object({
      nombre: z.string().trim().min(1, t('validation.nameRequired')),
      apellido: z.string().trim().min(1, t('validation.lastNameRequired')),
      email: emailSchema(t),
      telefono: z.string().trim(),
      zonaHoraria: z.string().min(1),
      currentPassword: z.string().optional(),
    })
    .refine((v) => currentEmail === undefined || !isNewEmail(v.email, currentEmail) || (v.currentPassword ?? '').length > 0, {
      message: t('validation.passwordRequired'),
      path: ['currentPassword'],
    });

/** Spec §5 password change: the current one, a new one of at least 8 characters, typed twice. */
export const passwordSchema = (t: TFunction) =>
  z
    .object({
      currentPassword: z.string().min(1, t('validation.passwordRequired')),
      newPassword: z
        .string()
        .min(1, { error: t('validation.passwordRequired'), abort: true })
        .min(PASSWORD_MIN, t('validation.passwordTooShort')),
      confirmPassword: z.string(),
    })
    .refine((v) => v.newPassword === v.confirmPassword, {
      message: t('validation.passwordsDontMatch'),
      path: ['confirmPassword'],
    });

/** Spec §5 account deletion: the word of the interface language, whatever its case (and stray spaces). */
export function matchesConfirmationWord(typed: string, word: string): boolean {
  return typed.trim().toLocaleLowerCase() === word.toLocaleLowerCase();
}

/** Closing the account: the confirmation word ("eliminar" / "delete") and the password. */
export const closeAccountSchema = (t: TFunction) => {
  const word = t('profile.edit.danger.word');
  return z.object({
    confirmacion: z.string().refine((typed) => matchesConfirmationWord(typed, word), t('profile.edit.danger.wordMismatch', { word })),
    password: z.string().min(1, t('validation.passwordRequired')),
  });
};

/** Turning two-step verification off: the password and a code from the app or a recovery code. */
export const twoFactorOffSchema = (t: TFunction) =>
  z.object({
    password: z.string().min(1, t('validation.passwordRequired')),
    code: codeField(t, 'any'),
  });

/** Starting two-step setup: the account's password. */
export const twoFactorStartSchema = (t: TFunction) => z.object({ password: z.string().min(1, t('validation.passwordRequired')) });

export type StartValues = z.infer<ReturnType<typeof twoFactorStartSchema>>;
export type ProfileValues = z.infer<ReturnType<typeof profileSchema>>;
export type PasswordValues = z.infer<ReturnType<typeof passwordSchema>>;
export type CloseAccountValues = z.infer<ReturnType<typeof closeAccountSchema>>;
export type TwoFactorOffValues = z.infer<ReturnType<typeof twoFactorOffSchema>>;
