/** The periods a person picks from; `custom` takes two dates. */
export const PRESETS = ['month', 'quarter', 'year', 'custom'] as const;
export type Preset = (typeof PRESETS)[number];

const iso = (d: Date) => `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;

/** The dates a preset stands for, both included, ending today: the last month, the last three, the last year. */
export function presetRange(preset: Exclude<Preset, 'custom'>, today: Date): { desde: string; hasta: string } {
  const months = preset === 'month' ? 1 : preset === 'quarter' ? 3 : 12;
  const start = new Date(today.getFullYear(), today.getMonth() - months, today.getDate() + 1);
  return { desde: iso(start), hasta: iso(today) };
}
