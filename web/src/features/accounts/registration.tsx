import { Link } from 'react-router';
import type { FieldError, UseFormRegisterReturn, UseFormSetError } from 'react-hook-form';
import { Trans } from '../../i18n';
import { ApiError } from '../../api/client';
import type { RegisterValues } from './schemas';

const FIELDS = ['nombre', 'apellido', 'email', 'telefono', 'relacion', 'password'] as const;

/** Codes of a refused registration that are about the address. */
const ADDRESS_CODES = ['email_taken', 'invitation_email_mismatch', 'access_email_mismatch'];

/** Puts a refused registration's messages on the form's fields; gives back the one to show above it. */
export function registrationFailure(err: unknown, setError: UseFormSetError<RegisterValues>, fallback: string): string {
  if (err instanceof ApiError) {
    for (const field of FIELDS) {
      const message = err.fields[field];
      if (message) setError(field, { message });
    }
    if (err.code && ADDRESS_CODES.includes(err.code)) setError('email', { message: err.message });
  }
  return err instanceof Error ? err.message : fallback;
}

/** The terms and privacy checkbox every new account ticks. */
export function TermsField({ field, error }: { field: UseFormRegisterReturn<'terms'>; error: FieldError | undefined }) {
  return (
    <div>
      <label className="flex items-start gap-3 text-sm text-ink">
        <input type="checkbox" className="mt-0.5 h-5 w-5 rounded border-gray-300 accent-brand-600" aria-invalid={error ? true : undefined} {...field} />
        <span>
          <Trans
            i18nKey="register.terms"
            components={{
              terms: <Link to="/terms" className="font-medium text-brand-700 underline" />,
              privacy: <Link to="/privacy" className="font-medium text-brand-700 underline" />,
            }}
          />
        </span>
      </label>
      {error && <p className="mt-1 text-sm text-red-700">{error.message}</p>}
    </div>
  );
}
