/** Leaving the app for a provider's consent page (kept in one place so tests can watch it). */
export function redirectTo(url: string): void {
  window.location.assign(url);
}
