import type { ButtonHTMLAttributes } from 'react';
import { Spinner } from './Spinner';

type Variant = 'primary' | 'secondary' | 'ghost' | 'danger';

const styles: Record<Variant, string> = {
  primary: 'bg-brand-600 text-white hover:bg-brand-700 disabled:bg-brand-200',
  secondary: 'bg-white text-brand-700 border border-brand-200 hover:bg-brand-50',
  ghost: 'text-brand-700 hover:bg-brand-50',
  danger: 'bg-red-700 text-white hover:bg-red-800',
};

export function buttonClass(variant: Variant = 'primary', full = false) {
  return `inline-flex items-center justify-center gap-2 rounded-xl px-4 py-2.5 text-sm font-semibold transition-colors disabled:cursor-not-allowed ${styles[variant]} ${full ? 'w-full' : ''}`;
}

interface Props extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: Variant;
  full?: boolean;
  busy?: boolean;
}

export function Button({ variant = 'primary', full = false, busy = false, children, disabled, className, ...rest }: Props) {
  return (
    <button {...rest} disabled={disabled || busy} aria-busy={busy || undefined} className={`${buttonClass(variant, full)} ${className ?? ''}`}>
      {busy && <Spinner small />}
      {children}
    </button>
  );
}
