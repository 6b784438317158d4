interface FamilyOption {
  _id: string;
  nombre: string;
}

interface Props {
  families: readonly FamilyOption[];
  /** The family shown; '' for "all of them" when `anyLabel` offers that. */
  value: string;
  onChange: (familyId: string) => void;
  label: string;
  /** Offers every family at once, as the first choice, under this name. */
  anyLabel?: string;
  className?: string;
}

/** Which family a screen shows, for someone in more than one; nothing for someone in one. */
export function FamilyPicker({ families, value, onChange, label, anyLabel, className = '' }: Props) {
  if (families.length < 2) return null;
  return (
    <label className={`flex items-center gap-2 text-sm ${className}`}>
      <span className="shrink-0 font-medium text-ink">{label}</span>
      <select
        value={value}
        onChange={(e) => onChange(e.target.value)}
        className="min-w-0 flex-1 rounded-xl border border-gray-300 bg-white px-3 py-2 text-sm text-ink focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-200"
      >
        {anyLabel !== undefined && <option value="">{anyLabel}</option>}
        {families.map((f) => (
          <option key={f._id} value={f._id}>
            {f.nombre}
          </option>
        ))}
      </select>
    </label>
  );
}
