import { useId, type Ref, type TextareaHTMLAttributes } from 'react';
import { describedBy, FieldHelp } from './Field';

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
        aria-describedby={describedBy(areaId, error, hint)}
        className={`block w-full rounded-xl border bg-white px-3.5 py-2.5 text-base text-ink focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-200 ${error ? 'border-red-500' : 'border-gray-300'}`}
        {...rest}
      />
      <FieldHelp id={areaId} error={error} hint={hint} />
    </div>
  );
}
