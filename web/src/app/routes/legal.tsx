import { LegalPage } from '../../features/legal/components/legal-page';
import { PRIVACY_POLICY } from '../../features/legal/content/privacy-policy';
import { TERMS_AND_CONDITIONS } from '../../features/legal/content/terms-and-conditions';

export function PrivacyPolicyRoute() {
  return <LegalPage document={PRIVACY_POLICY} />;
}

export function TermsRoute() {
  return <LegalPage document={TERMS_AND_CONDITIONS} />;
}
