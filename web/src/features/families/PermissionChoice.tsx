import { useId, type InputHTMLAttributes, type Ref } from 'react';
import { useTranslation } from '../../i18n';
import { PERMISSIONS } from '../../lib/familyLabels';

/**
 * The two access levels as radio buttons, each with a line saying what it allows. Spread
 * react-hook-form's `register('permiso')` into it.
 */
export function PermissionChoice({ ref, ...rest }: InputHTMLAttributes<HTMLInputElement> & { ref?: Ref<HTMLInputElement> }) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <fieldset>
      <legend className="mb-1.5 block text-sm font-medium text-ink">{t('families.invite.permission')}</legend>
      <div className="grid gap-2 sm:grid-cols-2">
        {PERMISSIONS.map((value) => (
          <label
            key={value}
            htmlFor={`${id}-${value}`}
            className="flex cursor-pointer items-start gap-3 rounded-xl border border-gray-300 p-3 has-[:checked]:border-brand-500 has-[:checked]:bg-brand-50"
          >
            <input id={`${id}-${value}`} type="radio" value={value} ref={ref} className="mt-0.5 h-5 w-5 shrink-0 accent-brand-600" {...rest} />
            <span>
              <span className="block text-sm font-semibold text-ink">{t(`families.accessOption.${value}`)}</span>
              <span className="block text-sm text-muted">{t(`families.invite.permissionHint.${value}`)}</span>
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
