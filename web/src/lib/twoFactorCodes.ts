import { z } from 'zod';
import type { TFunction } from '../i18n';

/** The codes of two-step verification: six digits from an authenticator app, or a recovery code. */
export type CodeKind = 'app' | 'recovery';

const APP_CODE = /^\d{6}$/;
/** Three groups of four letters and digits, e.g. `k7m2-x9pq-4hzt`; typed with or without the dashes. */
const RECOVERY_CODE = /^[a-z0-9]{12}$/;

/** What was typed without the spaces and dashes people add when copying, in lowercase (as the server reads it). */
export function compactCode(typed: string): string {
  return typed.replace(/[\s-]/g, '').toLowerCase();
}

export function isAppCode(typed: string): boolean {
  return APP_CODE.test(compactCode(typed));
}

export function isRecoveryCode(typed: string): boolean {
  return RECOVERY_CODE.test(compactCode(typed));
}

/** The code field of a form: required, and shaped like the kind asked for (`any`: either kind). */
export const codeField = (t: TFunction, kind: CodeKind | 'any') =>
  z
    .string()
    .trim()
    .min(1, { error: t('login.twoFactor.codeRequired'), abort: true })
    .refine(
      (typed) => (kind === 'app' ? isAppCode(typed) : kind === 'recovery' ? isRecoveryCode(typed) : isAppCode(typed) || isRecoveryCode(typed)),
      t(kind === 'app' ? 'login.twoFactor.appCodeInvalid' : kind === 'recovery' ? 'login.twoFactor.recoveryCodeInvalid' : 'login.twoFactor.anyCodeInvalid'),
    );

export const codeSchema = (t: TFunction, kind: CodeKind) => z.object({ code: codeField(t, kind) });

export type CodeValues = z.infer<ReturnType<typeof codeSchema>>;
