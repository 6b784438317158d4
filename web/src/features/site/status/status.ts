import type { ServiceStatus } from '../../../content/status/types';

/** Spec §2: a load of 4 fills the bar; more stays full. */
export function cpuPercent(load: number): number {
  if (!Number.isFinite(load) || load <= 0) return 0;
  return Math.min(100, (load / 4) * 100);
}

/** Seconds as the largest two units, e.g. { days: 3, hours: 4 } or { hours: 2, minutes: 5 }. */
export function uptimeParts(seconds: number): { unit: 'days' | 'hours' | 'minutes'; count: number }[] {
  const days = Math.floor(seconds / 86_400);
  const hours = Math.floor((seconds % 86_400) / 3_600);
  const minutes = Math.floor((seconds % 3_600) / 60);
  if (days > 0) return [{ unit: 'days', count: days }, { unit: 'hours', count: hours }];
  if (hours > 0) return [{ unit: 'hours', count: hours }, { unit: 'minutes', count: minutes }];
  return [{ unit: 'minutes', count: minutes }];
}

/** Colours and icon per status: green, amber, orange, red, blue. */
export const STATUS_STYLE: Record<ServiceStatus, { dot: string; text: string; banner: string; icon: string }> = {
  operational: { dot: 'bg-emerald-600', text: 'text-emerald-800', banner: 'bg-emerald-50 border-emerald-200', icon: '✓' },
  degraded: { dot: 'bg-amber-500', text: 'text-amber-800', banner: 'bg-amber-50 border-amber-200', icon: '!' },
  partial_outage: { dot: 'bg-orange-600', text: 'text-orange-800', banner: 'bg-orange-50 border-orange-200', icon: '!' },
  major_outage: { dot: 'bg-red-700', text: 'text-red-800', banner: 'bg-red-50 border-red-200', icon: '×' },
  maintenance: { dot: 'bg-sky-700', text: 'text-sky-800', banner: 'bg-sky-50 border-sky-200', icon: '⚙' },
};
