import { useId, useState } from 'react';

// spec/reports.md section 1: the hero chart shows random sample data. Drawn as plain SVG: a chart
// library would cost more than the whole landing page.
const DAYS = 30;
const WIDTH = 320;
const HEIGHT = 140;
const PAD_TOP = 8;

export interface SampleSeries {
  revenue: number[];
  spend: number[];
}

/** A random upward-drifting daily revenue walk and an ad spend of roughly a quarter of it. */
export function randomSampleSeries(random: () => number = Math.random): SampleSeries {
  const revenue: number[] = [];
  const spend: number[] = [];
  let level = 55 + random() * 15;
  for (let day = 0; day < DAYS; day++) {
    level = Math.max(25, level + (random() - 0.4) * 12);
    revenue.push(level);
    spend.push(level * (0.22 + random() * 0.08));
  }
  return { revenue, spend };
}

function toPoints(values: number[], max: number): string[] {
  const step = WIDTH / (values.length - 1);
  return values.map((v, i) => `${(i * step).toFixed(1)},${(HEIGHT - (v / max) * (HEIGHT - PAD_TOP)).toFixed(1)}`);
}

export function SampleChart() {
  // A new random series per visit, fixed for the life of the page.
  const [series] = useState(randomSampleSeries);
  const gradientId = useId();
  const max = Math.max(...series.revenue) * 1.05;
  const revenue = toPoints(series.revenue, max);
  const spend = toPoints(series.spend, max);
  const revenueLine = `M${revenue.join('L')}`;

  return (
    <div>
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        className="h-36 w-full overflow-visible sm:h-44"
        preserveAspectRatio="none"
        role="img"
        aria-label="Sample chart of daily revenue and ad spend over 30 days (random sample data)"
      >
        <defs>
          <linearGradient id={gradientId} x1="0" y1="0" x2="0" y2="1">
            <stop offset="0%" stopColor="#4f46e5" stopOpacity="0.25" />
            <stop offset="100%" stopColor="#4f46e5" stopOpacity="0" />
          </linearGradient>
        </defs>
        {[0.25, 0.5, 0.75].map((f) => (
          <line key={f} x1="0" x2={WIDTH} y1={HEIGHT * f} y2={HEIGHT * f} stroke="#e2e8f0" strokeWidth="1" vectorEffect="non-scaling-stroke" />
        ))}
        <line x1="0" x2={WIDTH} y1={HEIGHT} y2={HEIGHT} stroke="#cbd5e1" strokeWidth="1" vectorEffect="non-scaling-stroke" />
        <path d={`${revenueLine}L${WIDTH},${HEIGHT}L0,${HEIGHT}Z`} fill={`url(#${gradientId})`} />
        <path d={revenueLine} fill="none" stroke="#4f46e5" strokeWidth="2.5" strokeLinejoin="round" vectorEffect="non-scaling-stroke" />
        <path d={`M${spend.join('L')}`} fill="none" stroke="#d97706" strokeWidth="2" strokeDasharray="5 4" strokeLinejoin="round" vectorEffect="non-scaling-stroke" />
      </svg>
      <ul className="mt-3 flex flex-wrap gap-x-5 gap-y-1 text-xs text-slate-600" aria-hidden="true">
        <li className="flex items-center gap-1.5">
          <span className="w-4 border-t-2 border-brand-600" />
          Revenue
        </li>
        <li className="flex items-center gap-1.5">
          <span className="w-4 border-t-2 border-dashed border-amber-600" />
          Ad spend
        </li>
      </ul>
    </div>
  );
}
