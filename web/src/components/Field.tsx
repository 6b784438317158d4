import { useId, useState, type InputHTMLAttributes, type Ref } from 'react';
import { useTranslation } from '../i18n';
import { LocalDateTimeInput } from './LocalDateTimeInput';

interface Props extends InputHTMLAttributes<HTMLInputElement> {
  label: string;
  error?: string | undefined;
  hint?: string;
  ref?: Ref<HTMLInputElement>;
}

const inputClass =
  'block w-full rounded-xl border bg-white px-3.5 py-2.5 text-base text-ink placeholder:text-gray-400 focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-200 read-only:bg-sand-100';

/** The error (or else the hint) under a field; `describedBy` gives the id the field points to. */
export function FieldHelp({ id, error, hint }: { id: string; error?: string | undefined; hint?: string | undefined }) {
  if (error)
    return (
      <p id={`${id}-error`} className="text-sm text-red-700">
        {error}
      </p>
    );
  if (hint)
    return (
      <p id={`${id}-hint`} className="text-sm text-muted">
        {hint}
      </p>
    );
  return null;
}

export function describedBy(id: string, error?: string, hint?: string) {
  return error ? `${id}-error` : hint ? `${id}-hint` : undefined;
}

/**
 * A labelled input whose error is tied to it for assistive technology. Dates and times are typed
 * in the page's language (dd/mm/yyyy and 24 h in Spanish), whatever the browser's locale.
 */
export function TextField({ label, error, hint, id, ref, type, ...rest }: Props) {
  const generated = useId();
  const inputId = id ?? generated;
  const common = {
    id: inputId,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy(inputId, error, hint),
    className: `${inputClass} ${error ? 'border-red-500' : 'border-gray-300'}`,
  } as const;
  return (
    <div className="space-y-1.5">
      <label htmlFor={inputId} className="block text-sm font-medium text-ink">
        {label}
      </label>
      {type === 'date' || type === 'time' ? <LocalDateTimeInput kind={type as 'date' | 'time'} ref={ref} {...common} {...rest} /> : <input ref={ref} type={type} {...common} {...rest} />}
      <FieldHelp id={inputId} error={error} hint={hint} />
    </div>
  );
}

/** A password input with a show/hide toggle. */
export function PasswordField({ label, error, hint, id, ref, ...rest }: Props) {
  const { t } = useTranslation();
  const generated = useId();
  const inputId = id ?? generated;
  const [visible, setVisible] = useState(false);
  return (
    <div className="space-y-1.5">
      <label htmlFor={inputId} className="block text-sm font-medium text-ink">
        {label}
      </label>
      <div className="relative">
        <input
          id={inputId}
          ref={ref}
          type={visible ? 'text' : 'password'}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(inputId, error, hint)}
          className={`${inputClass} pr-24 ${error ? 'border-red-500' : 'border-gray-300'}`}
          {...rest}
        />
        <button
          type="button"
          onClick={() => setVisible((v) => !v)}
          aria-controls={inputId}
          aria-pressed={visible}
          className="absolute inset-y-1 right-1 rounded-lg px-3 text-sm font-medium text-brand-700 hover:bg-brand-50"
        >
          {visible ? t('common.hide') : t('common.show')}
        </button>
      </div>
      <FieldHelp id={inputId} error={error} hint={hint} />
    </div>
  );
}
