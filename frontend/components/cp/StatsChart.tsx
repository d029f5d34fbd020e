import { BarController, BarElement, CategoryScale, Chart, Legend, LinearScale, Tooltip } from 'chart.js';
import type { StatMonthDto } from '@directory/domain';
import { useEffect, useRef } from 'react';
import { monthLabel } from '../../lib/cp-format';

// Only what a bar chart needs, so the chunk stays small (chart.js is tree-shaken per registered piece).
Chart.register(BarController, BarElement, CategoryScale, LinearScale, Legend, Tooltip);

/**
 * Views and enquiries per month as bars (chart.js on a canvas, loaded only in the control panel: this module is its
 * own chunk). The canvas is an image named by its figures; the table beside it holds the same numbers for everyone.
 */
export default function StatsChart({ months }: { months: StatMonthDto[] }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    if (!canvas.current) return;
    const chart = new Chart(canvas.current, {
      type: 'bar',
      data: {
        // "Dec" over "2025": a month's label two short lines, so that on a phone they stay level and apart (chart.js
        // leaves out every other one when even these do not fit; the table below names them all).
        labels: months.map((m) => monthLabel(m.month).split(' ')),
        datasets: [
          { label: 'Views', data: months.map((m) => m.views), backgroundColor: '#1d4e5f' },
          { label: 'Enquiries', data: months.map((m) => m.enquiries), backgroundColor: '#b4451f' },
        ],
      },
      options: {
        responsive: true,
        maintainAspectRatio: false,
        animation: false,
        scales: { x: { ticks: { maxRotation: 0, autoSkipPadding: 8 } }, y: { beginAtZero: true, ticks: { precision: 0 } } },
      },
    });
    canvas.current.dataset.rendered = 'true';
    return () => chart.destroy();
  }, [months]);
  const last = months[months.length - 1];
  const summary = last ? `Bar chart of views and enquiries per month for the last ${months.length} months; ${monthLabel(last.month)}: ${last.views} views, ${last.enquiries} enquiries.` : 'No figures yet.';
  return (
    <div className="chart-box">
      <canvas ref={canvas} role="img" aria-label={summary} data-testid="stats-chart" />
    </div>
  );
}
