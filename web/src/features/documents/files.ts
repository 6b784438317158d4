/** What the screen says and shows about a file, from its type and size. */

import { formatNumber } from '../../lib/format';

export type FileKind = 'pdf' | 'image' | 'other';

export function kindOf(type: string): FileKind {
  if (type === 'application/pdf') return 'pdf';
  if (type.startsWith('image/')) return 'image';
  return 'other';
}

/** Bytes in the reader's language: "1,2 GB" in Spanish, "1.2 GB" in English. */
export function formatBytes(bytes: number, locale: string): string {
  const units = ['B', 'KB', 'MB', 'GB', 'TB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const digits = unit === 0 || value >= 10 ? 0 : 1;
  return `${formatNumber(value, locale, { maximumFractionDigits: digits })} ${units[unit]}`;
}

/** A title from the file's name: without its extension, with separators read as spaces. */
export function titleFromFileName(name: string): string {
  const base = name.replace(/\.[^.]{1,8}$/u, '');
  return base.replace(/[_]+/gu, ' ').replace(/\s+/gu, ' ').trim().slice(0, 200);
}

/** The share of the quota in use, 0 to 100, for the bar. */
export function usedPercent(used: number, quota: number): number {
  if (quota <= 0) return 100;
  return Math.min(100, Math.round((used / quota) * 100));
}
