import { useId, type Ref, type TextareaHTMLAttributes } from 'react';

interface Props extends TextareaHTMLAttributes<HTMLTextAreaElement> {
  label: string;
  error?: string | undefined;
  hint?: string;
  ref?: Ref<HTMLTextAreaElement>;
}

export function TextArea({ label, error, hint, id, ref, ...rest }: Props) {
  const generated = useId();
  const areaId = id ?? generated;
  return (
    <div className="space-y-1.5">
      <label htmlFor={areaId} className="block text-sm font-medium text-ink">
        {label}
      </label>
      <textarea
        id={areaId}
        ref={ref}
        rows={3}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${areaId}-error` : hint ? `${areaId}-hint` : undefined}
        className={`block w-full rounded-xl border bg-white px-3.5 py-2.5 text-base text-ink focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-200 ${error ? 'border-red-500' : 'border-gray-300'}`}
        {...rest}
      />
      {error ? (
        <p id={`${areaId}-error`} className="text-sm text-red-700">
          {error}
        </p>
      ) : (
        hint && (
          <p id={`${areaId}-hint`} className="text-sm text-muted">
            {hint}
          </p>
        )
      )}
    </div>
  );
}
