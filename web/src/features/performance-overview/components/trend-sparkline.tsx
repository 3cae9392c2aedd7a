import { Line, LineChart } from 'recharts';

export interface TrendPoint {
  date: string;
  value: number | null;
}

/**
 * A metric's daily values over its period as a small line (recharts, as the reports draw), with a text
 * alternative naming the first and last values. Fewer than two known days draw nothing: there is no trend.
 */
export function TrendSparkline({ points, label, format }: { points: TrendPoint[]; label: string; format: (point: TrendPoint) => string }) {
  const known = points.filter((p) => p.value !== null);
  if (known.length < 2) return null;
  const first = known[0]!;
  const last = known[known.length - 1]!;
  const text = `${label} trend: ${format(first)} to ${format(last)}`;
  return (
    <span role="img" aria-label={text} title={text} className="inline-flex shrink-0">
      <LineChart width={64} height={20} data={points} margin={{ top: 2, right: 2, bottom: 2, left: 2 }} accessibilityLayer={false}>
        <Line type="monotone" dataKey="value" stroke="currentColor" strokeWidth={1.5} dot={false} isAnimationActive={false} connectNulls={false} />
      </LineChart>
    </span>
  );
}
