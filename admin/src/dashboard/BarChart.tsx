import { BarController, BarElement, CategoryScale, Chart, LinearScale, Tooltip } from 'chart.js';
import { useEffect, useRef } from 'react';

// Only what a bar chart needs (chart.js is tree-shaken per registered piece), as in the control panel's chart.
Chart.register(BarController, BarElement, CategoryScale, LinearScale, Tooltip);

export interface Bar {
  label: string;
  value: number;
}

/**
 * A bar chart of one figure per month: chart.js on a canvas, the library the control panel's statistics use (this
 * module is its own chunk, loaded by the dashboard). The canvas is an image whose text alternative names every month
 * and its figure.
 */
export default function BarChart({ title, bars, format = String }: { title: string; bars: Bar[]; format?: (v: number) => string }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    if (!canvas.current) return;
    const chart = new Chart(canvas.current, {
      type: 'bar',
      data: {
        // "Dec" over "2025": a month's label two short lines, so that on a phone they stay level and apart (chart.js
        // leaves out every other one when even these do not fit; the text alternative names them all).
        labels: bars.map((b) => b.label.split(' ')),
        datasets: [{ label: title, data: bars.map((b) => b.value), backgroundColor: '#1565c0' }],
      },
      options: {
        responsive: true,
        maintainAspectRatio: false,
        animation: false,
        plugins: { tooltip: { callbacks: { label: (item) => format(item.parsed.y ?? 0) } } },
        scales: {
          x: { ticks: { maxRotation: 0, autoSkipPadding: 8 } },
          y: { beginAtZero: true, ticks: { precision: 0, callback: (value) => format(Number(value)) } },
        },
      },
    });
    canvas.current.dataset.rendered = 'true';
    return () => chart.destroy();
  }, [title, bars, format]);
  const summary = bars.map((b) => `${b.label}: ${format(b.value)}`).join(', ');
  return (
    <figure style={{ margin: 0, minWidth: 0 }}>
      <figcaption>
        <h2 style={{ fontSize: '1.1rem', margin: '0 0 4px' }}>{title}</h2>
      </figcaption>
      <div style={{ position: 'relative', height: 240 }}>
        <canvas ref={canvas} role="img" aria-label={`${title}. ${summary}`} data-chart={title} />
      </div>
    </figure>
  );
}
