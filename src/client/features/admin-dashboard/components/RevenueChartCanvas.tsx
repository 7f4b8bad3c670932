import type { DashboardDay } from '@common/contract/admin/dashboard';
import { formatCents } from '@common/money';
import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { dayLabel } from './day-label';

/**
 * The revenue-per-day chart drawn by uPlot (docs/decisions/014). This module, and uPlot with it, is loaded only by
 * the dashboard, through `RevenueChart`'s `React.lazy`: neither the shop nor the other back-office screens carry it.
 * Colours come from the theme (Telegram's theme variables, through the app's `--c-*` properties); the chart follows
 * its container's width. It is drawn on a canvas, so it is hidden from screen readers: the table beside it says the
 * same.
 */

const HEIGHT = 240;

/** A CSS colour as the browser computes it (theme variables resolved), for the canvas. */
function themeColour(host: HTMLElement, css: string, fallback: string): string {
  const probe = document.createElement('span');
  probe.style.color = css;
  probe.style.display = 'none';
  host.appendChild(probe);
  const colour = getComputedStyle(probe).color;
  probe.remove();
  return colour || fallback;
}

/** Today and every `step` days back from it, oldest first. */
function daySplits(count: number, step: number): number[] {
  const out: number[] = [];
  for (let i = count - 1; i >= 0; i -= step) out.unshift(i);
  return out;
}

export interface ChartLabels {
  day: string;
  revenue: string;
}

export default function RevenueChartCanvas({ days, labels }: { days: DashboardDay[]; labels: ChartLabels }) {
  const host = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const el = host.current;
    if (!el) return;
    const accent = themeColour(el, 'var(--c-accent)', '#2f6b4f');
    const text = themeColour(el, 'var(--c-hint)', '#5a645e');
    const grid = themeColour(el, 'var(--c-border)', 'rgba(0, 0, 0, 0.12)');
    const font = `12px ${getComputedStyle(el).fontFamily || 'system-ui, sans-serif'}`;
    const top = Math.max(0, ...days.map((d) => d.revenue_cents));
    const opts: uPlot.Options = {
      width: Math.max(200, el.clientWidth),
      height: HEIGHT,
      // Room on the right for the last day's label, centred under the last bar.
      padding: [12, 24, 0, 0],
      scales: {
        x: { time: false, range: [-0.5, days.length - 0.5] },
        y: { range: [0, top > 0 ? top * 1.1 : 100] },
      },
      cursor: { drag: { x: false, y: false }, points: { show: false } },
      legend: { show: true, live: true },
      series: [
        {
          label: labels.day,
          value: (_u, i) => (i == null || !days[i] ? '' : dayLabel(days[i]!.date, 'date')),
        },
        {
          label: labels.revenue,
          fill: accent,
          stroke: accent,
          width: 0,
          paths: uPlot.paths.bars!({ size: [0.7, 40], radius: 0.15 }),
          points: { show: false },
          value: (_u, v) => (v == null ? '' : formatCents(Math.round(v))),
        },
      ],
      axes: [
        {
          stroke: text,
          font,
          grid: { show: false },
          ticks: { stroke: grid, size: 4 },
          splits: (u) => daySplits(days.length, u.width < 520 ? 7 : 3),
          values: (_u, splits) => splits.map((i) => (days[i] ? dayLabel(days[i]!.date) : '')),
        },
        {
          stroke: text,
          font,
          size: 72,
          grid: { stroke: grid, width: 1 },
          ticks: { show: false },
          values: (_u, splits) => splits.map((v) => formatCents(Math.round(v))),
        },
      ],
    };
    const data: uPlot.AlignedData = [days.map((_, i) => i), days.map((d) => d.revenue_cents)];
    const chart = new uPlot(opts, data, el);
    // Follows the container: a phone's 390 px or a laptop's 1366 px, and any resize between.
    const resize = new ResizeObserver(() => {
      const width = Math.max(200, el.clientWidth);
      if (width !== chart.width) chart.setSize({ width, height: HEIGHT });
    });
    resize.observe(el);
    return () => {
      resize.disconnect();
      chart.destroy();
    };
  }, [days, labels.day, labels.revenue]);

  return <div ref={host} className="dash-chart__canvas" />;
}
