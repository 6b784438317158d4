import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { localeOf } from '../lib/dates';

/** What a chart draws: one row per bar group, one value per series (in the units the axis shows). */
export interface Bars {
  series: readonly string[];
  rows: readonly { label: string; values: readonly number[] }[];
}

const COLOURS = ['#2f6f62', '#9a4d0b'];

/** Every how many bars a label fits under its bar (a year of months on a phone shows every other one). */
const labelStep = (width: number, count: number) => Math.max(1, Math.ceil((count * 76) / Math.max(width - 60, 76)));

/**
 * Bars of one breakdown, drawn on a canvas by uPlot. The canvas says nothing to a screen reader:
 * every chart has a table beside it with the same figures. `table` should keep its identity
 * between renders (memoised): a new one draws the chart again.
 */
export function BarChart({ table, language, label }: { table: Bars; language: string; label: string }) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = box.current;
    if (!element || table.rows.length === 0) return;
    const compact = new Intl.NumberFormat(localeOf(language), { notation: 'compact', maximumFractionDigits: 1 });
    const labels = table.rows.map((r) => r.label);
    const count = table.series.length;
    const data: uPlot.AlignedData = [labels.map((_, i) => i), ...table.series.map((_, s) => table.rows.map((r) => r.values[s] ?? 0))];
    // Two series stand side by side, each on its own side of the label.
    const bars = (s: number) => uPlot.paths.bars?.({ size: [count > 1 ? 0.35 : 0.6, 64], align: count > 1 ? (s === 0 ? -1 : 1) : 0 });
    const options: uPlot.Options = {
      width: Math.max(element.clientWidth, 280),
      height: 220,
      legend: { show: count > 1, live: false },
      cursor: { show: false },
      scales: { x: { time: false, range: () => [-0.6, labels.length - 0.4] }, y: { range: (_u, _min, max) => [0, max > 0 ? max * 1.1 : 1] } },
      axes: [
        { splits: () => labels.map((_, i) => i), values: (u, ticks) => ticks.map((t) => (t % labelStep(u.width, labels.length) === 0 ? (labels[t] ?? '') : '')), gap: 4, size: 36 },
        { values: (_u, ticks) => ticks.map((t) => compact.format(t)), size: 56 },
      ],
      series: [
        {},
        ...table.series.map((name, s) => ({
          label: name,
          fill: COLOURS[s % COLOURS.length]!,
          stroke: COLOURS[s % COLOURS.length]!,
          paths: bars(s),
          points: { show: false },
        })),
      ],
    };
    const chart = new uPlot(options, data, element);
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(() => chart.setSize({ width: Math.max(element.clientWidth, 280), height: 220 }));
    observer?.observe(element);
    return () => {
      observer?.disconnect();
      chart.destroy();
    };
  }, [table, language]);
  return <div ref={box} role="img" aria-label={label} className="w-full overflow-hidden" />;
}
