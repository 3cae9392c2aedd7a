// The Pricing dialog lives in the sidebar (spec/core.md: the footer's Pricing opens it); any screen may ask
// for it, for example a report that needs a paid plan. A window event keeps screens and components from
// importing the sidebar.
const OPEN_PRICING = 'parallels:open-pricing';

export function openPricingDialog(): void {
  window.dispatchEvent(new Event(OPEN_PRICING));
}

/** Calls `listener` whenever a screen asks for the Pricing dialog; returns the unsubscribe. */
export function onOpenPricingDialog(listener: () => void): () => void {
  window.addEventListener(OPEN_PRICING, listener);
  return () => window.removeEventListener(OPEN_PRICING, listener);
}
