import { Dialog } from '../../../components/ui/dialog';

// spec/core.md section 3 and 9: FREE, STARTUP ($10/month, popular), GROWTH ($50/month).
export const PLANS = [
  { id: 'FREE', name: 'Free Plan', price: 'Free', features: ['One brand', 'Dashboard and AdMetrics', 'Data synced every 3 hours'] },
  { id: 'STARTUP', name: 'Startup Plan', price: '$10/month', popular: true, features: ['Everything in Free', 'All reports and exports', 'Campaign labels and groups'] },
  { id: 'GROWTH', name: 'Growth Plan', price: '$50/month', features: ['Everything in Startup', 'Multiple brands', 'Monthly targets and priority support'] },
] as const;

export function PricingDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <Dialog open={open} onClose={onClose} title="Choose your plan">
      <p className="mb-4 text-sm text-slate-600">Every paid plan starts with a 14-day free trial. Billing goes through your Shopify store.</p>
      <ul className="grid gap-4 sm:grid-cols-3">
        {PLANS.map((plan) => (
          <li key={plan.id} className={`relative rounded-xl border p-5 ${'popular' in plan ? 'border-brand-500 ring-2 ring-brand-100' : 'border-slate-200'}`}>
            {'popular' in plan && <span className="absolute -top-3 left-4 rounded-full bg-brand-600 px-2 py-0.5 text-xs font-semibold text-white">Popular</span>}
            <h3 className="font-semibold">{plan.name}</h3>
            <p className="mt-1 text-2xl font-bold">{plan.price}</p>
            <ul className="mt-3 space-y-1 text-sm text-slate-600">
              {plan.features.map((f) => (
                <li key={f}>✓ {f}</li>
              ))}
            </ul>
          </li>
        ))}
      </ul>
    </Dialog>
  );
}
