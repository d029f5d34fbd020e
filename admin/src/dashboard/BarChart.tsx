/**
 * A small bar chart in plain SVG (no chart library: the bundle stays small and builds fast). It is an image with a
 * text alternative, and its figures are also given as a table for screen readers and for copying.
 */
export interface Bar {
  label: string;
  value: number;
}

export function BarChart({ title, bars, format = String }: { title: string; bars: Bar[]; format?: (v: number) => string }) {
  const width = 600;
  const height = 220;
  const pad = { top: 16, bottom: 40, left: 8, right: 8 };
  const max = Math.max(1, ...bars.map((b) => b.value));
  const step = (width - pad.left - pad.right) / Math.max(1, bars.length);
  const summary = bars.map((b) => `${b.label}: ${format(b.value)}`).join(', ');
  return (
    <figure style={{ margin: 0, minWidth: 0 }}>
      <figcaption>
        <h2 style={{ fontSize: '1.1rem', margin: '0 0 4px' }}>{title}</h2>
      </figcaption>
      <svg viewBox={`0 0 ${width} ${height}`} width="100%" role="img" aria-label={`${title}. ${summary}`} data-chart={title}>
        {bars.map((b, i) => {
          const h = ((height - pad.top - pad.bottom) * b.value) / max;
          const x = pad.left + i * step + step * 0.15;
          const y = height - pad.bottom - h;
          return (
            <g key={b.label}>
              <rect x={x} y={y} width={step * 0.7} height={Math.max(h, 0.5)} fill="#1565c0">
                <title>{`${b.label}: ${format(b.value)}`}</title>
              </rect>
              {b.value > 0 && (
                <text x={x + step * 0.35} y={y - 3} fontSize="11" textAnchor="middle" fill="#222">
                  {format(b.value)}
                </text>
              )}
              {/* One word a line ("Dec" over "2025"): twelve labels side by side never run into each other. */}
              <text y={height - pad.bottom + 16} fontSize="11" textAnchor="middle" fill="#444">
                {b.label.split(' ').map((word, line) => (
                  <tspan key={line} x={x + step * 0.35} dy={line ? 13 : 0}>
                    {word}
                  </tspan>
                ))}
              </text>
            </g>
          );
        })}
        <line x1={pad.left} x2={width - pad.right} y1={height - pad.bottom} y2={height - pad.bottom} stroke="#888" />
      </svg>
    </figure>
  );
}
