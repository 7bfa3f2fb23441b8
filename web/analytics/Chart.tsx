/**
 * A line chart over days, weeks or months, drawn with uPlot (canvas, bundled; no CDN). The figure is an image
 * named by its title, and a visually hidden table holds the same numbers for screen readers. Every bucket with
 * a number gets a point, so a value between two empty buckets (a rate needs searches) is still seen.
 */
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { useEffect, useRef } from 'preact/hooks';
import { integerTicks } from './ticks';

export interface Series {
  dates: string[];
  values: (number | null)[];
  format: (v: number | null) => string;
  colour: string;
  /** The y axis reaches at least this high (1 for counts, 0.1 for rates), so a flat zero line gets readable ticks. */
  minTop: number;
  /** Counts: whole-number ticks only (integerTicks), so small counts do not repeat a rounded label. */
  integer?: boolean;
}

/** The API answers at most 400 days; beyond this many buckets points would hide the line. */
const MAX_POINTS = 62;

/** A bucket's width in seconds, per interval (a month counted as 30 days: only the axis's padding uses it). */
const BUCKET_SECONDS = { day: 86_400, week: 7 * 86_400, month: 30 * 86_400 } as const;

/** A number between two empty buckets draws no line segment: only a point shows it. */
function hasIsolated(values: (number | null)[]): boolean {
  return values.some((v, i) => v !== null && values[i - 1] == null && values[i + 1] == null);
}

export function Chart({ title, series, interval = 'day' }: { title: string; series: Series; interval?: 'day' | 'week' | 'month' }) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const xs = series.dates.map((d) => Date.parse(`${d}T00:00:00Z`) / 1000);
    const width = Math.max(280, el.clientWidth);
    const plot = new uPlot(
      {
        width,
        height: 200,
        legend: { show: false },
        cursor: { drag: { x: false, y: false } },
        scales: {
          // One bucket alone would make uPlot stretch the axis over years: a bucket's width on each side instead.
          x: { time: true, range: (_u, min, max) => (min === max ? [min - BUCKET_SECONDS[interval], max + BUCKET_SECONDS[interval]] : [min, max]) },
          y: {
            range: (_u, min, max) => {
              const top = Math.max(series.minTop, (max ?? 0) * 1.1);
              return [Math.min(0, min ?? 0), series.integer ? Math.ceil(top) : top];
            },
          },
        },
        axes: [
          { stroke: '#6b6b70', grid: { stroke: '#eee' } },
          {
            stroke: '#6b6b70',
            grid: { stroke: '#eee' },
            size: 60,
            values: (_u, ticks) => ticks.map((t) => series.format(t)),
            ...(series.integer ? { splits: (_u: uPlot, _axis: number, min: number, max: number) => integerTicks(min, max) } : {}),
          },
        ],
        series: [
          {},
          {
            label: title,
            stroke: series.colour,
            width: 2,
            fill: `${series.colour}22`,
            points: { show: series.dates.length <= MAX_POINTS || hasIsolated(series.values), size: 6 },
            spanGaps: false,
          },
        ],
      },
      [xs, series.values.map((v) => v ?? null)] as uPlot.AlignedData,
      el,
    );
    const resize = () => plot.setSize({ width: Math.max(280, el.clientWidth), height: 200 });
    window.addEventListener('resize', resize);
    return () => {
      window.removeEventListener('resize', resize);
      plot.destroy();
    };
  }, [series]);
  return (
    <figure class="chart">
      <figcaption>{title}</figcaption>
      <div ref={box} role="img" aria-label={`${title}, ${series.dates.length} ${interval}s`} class="chart-canvas" />
      <table class="visually-hidden">
        <caption>{title}</caption>
        <thead>
          <tr>
            <th scope="col">{interval === 'day' ? 'Date' : `${interval[0]!.toUpperCase()}${interval.slice(1)} from`}</th>
            <th scope="col">{title}</th>
          </tr>
        </thead>
        <tbody>
          {series.dates.map((d, i) => (
            <tr key={d}>
              <td>{d}</td>
              <td>{series.format(series.values[i] ?? null)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
