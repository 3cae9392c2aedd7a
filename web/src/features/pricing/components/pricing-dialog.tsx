import { PLANS, TRIAL_DAYS, type PlanId } from '@parallels/contract/pricing';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { useToast } from '../../../components/ui/toast';
import { redirectTo } from '../../../lib/browser';
import { useSession } from '../../../lib/session-store';
import { errorToast } from '../../../lib/toast-messages';
import { useSubscriptionDetails } from '../api/get-subscription-details';
import { usePlanPage } from '../api/plan-page';

// spec/core.md sections 3 and 9: FREE, STARTUP ($10/month, popular), GROWTH ($50/month); the limits listed are
// the ones the server enforces (contract/src/pricing.ts).
export function PricingDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { selectedBrandId } = useSession();
  const details = useSubscriptionDetails(selectedBrandId, open);
  const planPage = usePlanPage();
  const { toast } = useToast();
  const current = details.data?.planName;

  const choose = async (plan: Exclude<PlanId, 'FREE'>) => {
    if (!selectedBrandId) return;
    try {
      redirectTo(await planPage.mutateAsync({ brandId: selectedBrandId, plan }));
    } catch (error) {
      toast(errorToast(error));
    }
  };

  return (
    <Dialog open={open} onClose={onClose} title="Choose your plan">
      <p className="mb-2 text-sm text-slate-600">Every paid plan starts with a {TRIAL_DAYS}-day free trial. Billing goes through your Shopify store.</p>
      {details.data && (
        <p className="mb-4 text-sm" role="status">
          Current plan: <span className="font-semibold">{details.data.planName}</span>
          {details.data.trialDaysRemaining > 0 && ` · ${details.data.trialDaysRemaining} trial days left`}
          {details.data.billingOn && details.data.daysUntilBilling !== null && ` · next bill on ${new Date(details.data.billingOn).toLocaleDateString()} (in ${details.data.daysUntilBilling} days)`}
          {details.data.status !== 'active' && details.data.status !== 'free' && ` · your last subscription is ${details.data.status}`}
        </p>
      )}
      <ul className="grid gap-4 sm:grid-cols-3">
        {PLANS.map((plan) => (
          <li key={plan.id} className={`relative flex flex-col rounded-xl border p-5 ${plan.popular ? 'border-brand-500 ring-2 ring-brand-100' : 'border-slate-200'}`}>
            {plan.popular && <span className="absolute -top-3 left-4 rounded-full bg-brand-600 px-2 py-0.5 text-xs font-semibold text-white">Popular</span>}
            <h3 className="font-semibold">{plan.name}</h3>
            <p className="mt-1 text-2xl font-bold">{plan.price}</p>
            <ul className="mt-3 flex-1 space-y-1 text-sm text-slate-600">
              {plan.features.map((f) => (
                <li key={f}>✓ {f}</li>
              ))}
            </ul>
            {current === plan.name ? (
              <p className="mt-4 text-center text-sm font-medium text-brand-700">Your plan</p>
            ) : plan.id !== 'FREE' && selectedBrandId ? (
              <Button className="mt-4" variant={plan.popular ? 'primary' : 'secondary'} busy={planPage.isPending && planPage.variables?.plan === plan.id} onClick={() => void choose(plan.id as Exclude<PlanId, 'FREE'>)}>
                Choose {plan.name}
              </Button>
            ) : null}
          </li>
        ))}
      </ul>
    </Dialog>
  );
}
