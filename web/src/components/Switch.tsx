import { useId } from 'react';

/** An on/off switch with a visible label (WAI-ARIA switch pattern). */
export function Switch({
  label,
  checked,
  onChange,
  disabled = false,
  name,
}: {
  label: string;
  checked: boolean;
  onChange: (next: boolean) => void;
  disabled?: boolean;
  name?: string;
}) {
  const id = useId();
  return (
    <span className="inline-flex items-center gap-2">
      <button
        id={id}
        type="button"
        role="switch"
        name={name}
        aria-checked={checked}
        disabled={disabled}
        onClick={() => onChange(!checked)}
        className={`relative inline-flex h-7 w-12 shrink-0 items-center rounded-full transition-colors focus-visible:outline focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-brand-500 disabled:opacity-50 motion-reduce:transition-none ${
          checked ? 'bg-brand-600' : 'bg-gray-300'
        }`}
      >
        <span aria-hidden="true" className={`inline-block h-5 w-5 rounded-full bg-white shadow transition-transform motion-reduce:transition-none ${checked ? 'translate-x-6' : 'translate-x-1'}`} />
      </button>
      <label htmlFor={id} className="cursor-pointer text-sm font-medium text-ink">
        {label}
      </label>
    </span>
  );
}
