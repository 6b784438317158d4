import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError } from '../api/client';

/**
 * Puts the server's per-field messages on the form's fields and returns the general message.
 * `map` turns the API's field names (e.g. "medico.nombre") into the form's.
 */
export function applyServerErrors<T extends FieldValues>(
  err: unknown,
  setError: UseFormSetError<T>,
  map: Record<string, Path<T>>,
  fallback: string,
): string {
  if (err instanceof ApiError) {
    for (const [field, message] of Object.entries(err.fields)) {
      const target = map[field];
      if (target) setError(target, { message });
    }
    return err.message;
  }
  return err instanceof Error ? err.message : fallback;
}

/**
 * The message to show above a form after a refusal: none when the server named one of the form's
 * fields (its message is shown there), the general message otherwise.
 */
export function formFailure<T extends FieldValues>(
  err: unknown,
  setError: UseFormSetError<T>,
  map: Record<string, Path<T>>,
  fallback: string,
): string | null {
  const message = applyServerErrors(err, setError, map, fallback);
  const onAField = err instanceof ApiError && Object.keys(err.fields).some((name) => name in map);
  return onAField ? null : message;
}
