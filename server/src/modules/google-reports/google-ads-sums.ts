/** Google Ads facts summed over some rows, in the facts' units (cost in micros): every report's figures start here. */
export interface GoogleAdsSums {
  costMicros: number;
  clicks: number;
  impressions: number;
  conversions: number;
  value: number;
}

export const NO_GOOGLE_ADS_SUMS: GoogleAdsSums = { costMicros: 0, clicks: 0, impressions: 0, conversions: 0, value: 0 };

export const addGoogleAdsSums = (a: GoogleAdsSums, b: GoogleAdsSums): GoogleAdsSums => ({
  costMicros: a.costMicros + b.costMicros,
  clicks: a.clicks + b.clicks,
  impressions: a.impressions + b.impressions,
  conversions: a.conversions + b.conversions,
  value: a.value + b.value,
});
