// How platform names and ids read on screen, shared by the connect dialogs and the reports.

/** A Google Ads customer id as Google shows it: '5678901234' reads '567-890-1234'. Anything else is left as is. */
export function formatCustomerId(id: string): string {
  const digits = id.replace(/-/g, '');
  return /^\d{10}$/.test(digits) ? `${digits.slice(0, 3)}-${digits.slice(3, 6)}-${digits.slice(6)}` : id;
}

/**
 * A card title 'Google Ads - {account}' without saying the platform twice: an account Google names
 * 'Northwind Outfitters - Google Ads' is titled 'Google Ads - Northwind Outfitters'.
 */
export function platformTitle(platform: string, accountName: string): string {
  const escaped = platform.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const name = accountName.replace(new RegExp(`^\\s*${escaped}\\s*[-–:|]\\s*|\\s*[-–:|]\\s*${escaped}\\s*$`, 'gi'), '').trim();
  return `${platform} - ${name || accountName}`;
}
