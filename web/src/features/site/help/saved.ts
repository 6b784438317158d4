/** Saved help articles live only in this browser (spec §2: "save toggle (local only)"). */
export const SAVED_KEY = 'nido.help.saved';

function storage(): Storage | undefined {
  try {
    return window.localStorage;
  } catch {
    return undefined;
  }
}

/** The saved "category/id" keys; anything malformed counts as none. */
export function readSaved(): string[] {
  try {
    const value: unknown = JSON.parse(storage()?.getItem(SAVED_KEY) ?? '[]');
    return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
  } catch {
    return [];
  }
}

export function isSaved(key: string): boolean {
  return readSaved().includes(key);
}

/** Adds or removes `key` and returns whether it is saved now. */
export function toggleSaved(key: string): boolean {
  const list = readSaved();
  const saved = !list.includes(key);
  const next = saved ? [...list, key] : list.filter((k) => k !== key);
  try {
    storage()?.setItem(SAVED_KEY, JSON.stringify(next));
  } catch {
    // Storage full or blocked: the toggle still reflects the click for this visit.
  }
  return saved;
}
