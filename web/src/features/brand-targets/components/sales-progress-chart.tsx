import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { BrandTarget } from '@parallels/contract/targets';
import { Card } from '../../../components/ui/card';
import { monthOf } from '../utils/target-dates';
import { brandDisplayName } from '@parallels/contract/brands';

/** Sales Progress: achieved vs remaining sales per target, stacked (spec/reports.md "Brand targets"). */
export function SalesProgressChart({ targets }: { targets: BrandTarget[] }) {
  const data = targets.map((t) => ({
    label: `${brandDisplayName(t.name)} · ${t.source} · ${monthOf(t.targetDate)}`,
    Achieved: t.achievedSales ?? 0,
    Remaining: t.remainingSales ?? t.targetSales,
  }));
  return (
    <Card className="p-5">
      <h2 className="text-lg font-semibold">Sales Progress</h2>
      {data.length === 0 ? (
        <p className="mt-3 text-sm text-slate-600">No data available</p>
      ) : (
        <figure aria-label="Sales Progress chart" className="mt-3 h-72">
          <ResponsiveContainer width="100%" height="100%">
            <BarChart data={data} margin={{ top: 8, right: 16, bottom: 8, left: 8 }}>
              <CartesianGrid strokeDasharray="3 3" vertical={false} />
              <XAxis dataKey="label" tick={{ fontSize: 11 }} interval={0} />
              <YAxis tick={{ fontSize: 11 }} />
              <Tooltip />
              <Legend />
              <Bar dataKey="Achieved" stackId="sales" fill="#4f46e5" />
              <Bar dataKey="Remaining" stackId="sales" fill="#cbd5e1" />
            </BarChart>
          </ResponsiveContainer>
        </figure>
      )}
    </Card>
  );
}
