import { PricingCallbackScreen } from '../../features/pricing/components/pricing-callback-screen';

export function PricingCallbackRoute() {
  return <PricingCallbackScreen />;
}
