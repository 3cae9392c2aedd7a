import { useEffect } from 'react';
import { useNavigationType } from 'react-router';
import { AnalyticsSection } from './analytics-section';
import { FeaturesSection } from './features-section';
import { Hero } from './hero';
import { IntegrationsSection } from './integrations-section';
import { LandingFooter } from './landing-footer';
import { LandingHeader, type LandingHeaderProps } from './landing-header';
import { TrialBanner } from './trial-banner';

/**
 * The public landing page (spec/reports.md section 2): static markup and one small SVG, so the chunk
 * stays a few KB. The signed-in user and the logout action come from the route (features do not
 * import app/).
 */
export function LandingPage({ user, onLogout }: LandingHeaderProps) {
  const navigationType = useNavigationType();

  // The router keeps the scroll position across pages: a link here from the bottom of a legal page
  // starts at the top, a shared link to /#features opens at that section, Back keeps its place.
  useEffect(() => {
    const target = window.location.hash ? document.getElementById(window.location.hash.slice(1)) : null;
    if (target) target.scrollIntoView?.({ block: 'start' });
    else if (navigationType !== 'POP') window.scrollTo(0, 0);
  }, [navigationType]);

  return (
    <div className="min-h-full bg-white">
      <LandingHeader user={user} onLogout={onLogout} />
      <main>
        <Hero />
        <FeaturesSection />
        <IntegrationsSection />
        <AnalyticsSection />
        <TrialBanner />
      </main>
      <LandingFooter />
    </div>
  );
}
