import type { LegalDocument } from '../components/legal-page';

// spec/core.md sections 1, 3 and 9: any amount charged is non-refundable; plans Free, Startup $10/month,
// Growth $50/month; a 14-day trial; billing goes through the brand's Shopify store.
export const TERMS_AND_CONDITIONS: LegalDocument = {
  title: 'Terms and Conditions',
  effectiveDate: '22 November 2026',
  summary:
    'These terms are the agreement between you and Parallels for the use of the Parallels marketing analytics service. Please read them, in particular the sections on plans, billing and refunds: any amount charged is non-refundable. Questions are welcome at support@parallels.dev.',
  sections: [
    {
      id: 'acceptance',
      title: 'Accepting these terms',
      blocks: [
        'By creating an account or using Parallels you agree to these terms and to our Privacy Policy. If you use Parallels on behalf of a company or a brand, you confirm that you are authorised to accept these terms for it.',
      ],
    },
    {
      id: 'the-service',
      title: 'The service',
      blocks: [
        'Parallels connects to a brand\'s Shopify store, Meta ad accounts, Google Ads accounts and Google Analytics 4 property with read-only access, copies their reporting data and shows it as dashboards, reports, targets and comparisons.',
        'We work to keep Parallels available and its figures accurate, but we may change, add or remove features, and the service may occasionally be unavailable for maintenance or for reasons outside our control.',
      ],
    },
    {
      id: 'your-account',
      title: 'Your account',
      blocks: [
        [
          'Give accurate account details and keep them up to date.',
          'Keep your password confidential; you are responsible for what happens under your account.',
          'Tell us at once at support@parallels.dev if you suspect someone else has used your account.',
          'Connect only stores and ad accounts you are authorised to access, and keep to the terms of the platforms you connect.',
        ],
      ],
    },
    {
      id: 'connected-platforms',
      title: 'Connected platforms',
      blocks: [
        'When you connect a platform you authorise Parallels to read that platform\'s data for the connected brand, as described in the Privacy Policy. Shopify, Meta and Google are independent companies: their services, their terms and the data their APIs return are outside our control.',
        'Platforms revise recent figures and access can expire or be revoked. When that happens Parallels shows the last synced data and asks you to reconnect; figures for days not yet synced are shown as missing, not as zero.',
      ],
    },
    {
      id: 'plans',
      title: 'Plans and prices',
      blocks: [
        'Parallels is offered on these plans:',
        [
          'Free: free of charge.',
          'Startup: $10 per month.',
          'Growth: $50 per month.',
        ],
        'Prices are in US dollars and exclude any taxes that apply. The features of each plan are shown in the app when you choose a plan. We may change prices for future billing periods; we will tell you at least 30 days before a change affects you.',
      ],
    },
    {
      id: 'free-trial',
      title: 'Free trial',
      blocks: [
        'Paid plans start with a 14-day free trial. You are not charged during the trial. When the trial ends, the plan you chose is billed monthly unless you cancel or move to the Free plan before the trial ends.',
        'The app shows how many trial days remain and the date on which billing starts.',
      ],
    },
    {
      id: 'billing',
      title: 'Billing',
      blocks: [
        [
          'Paid plans are billed through your Shopify store: you approve the charge in your Shopify admin, and Shopify collects it together with your Shopify bill.',
          'Plans are billed monthly in advance from the end of the free trial until you cancel.',
          'You can change or cancel your plan at any time from the pricing page in your Shopify admin; a cancellation stops future charges.',
          'Billing is also subject to Shopify\'s own terms for app charges.',
        ],
      ],
    },
    {
      id: 'refunds',
      title: 'No refunds',
      blocks: [
        'Any amount charged is non-refundable. This includes charges for partial months, for unused time after a cancellation or a move to a lower plan, and for periods in which you did not use Parallels.',
        'Cancelling stops future charges; it does not refund charges already made.',
      ],
    },
    {
      id: 'acceptable-use',
      title: 'Acceptable use',
      blocks: [
        'You agree not to:',
        [
          'use Parallels in breach of any law or of the terms of a connected platform;',
          'try to reach data of brands you have no access to, or probe, scan or test the security of Parallels without our written permission;',
          'overload the service, or copy, resell or reverse engineer it;',
          'upload anything unlawful or harmful, including malware.',
        ],
      ],
    },
    {
      id: 'your-data',
      title: 'Your data',
      blocks: [
        'Your data stays yours. You give us permission to store and process it only as needed to provide Parallels to you, as the Privacy Policy describes. Disconnecting a platform or deleting a brand deletes the data synced for it.',
      ],
    },
    {
      id: 'no-advice',
      title: 'Figures and decisions',
      blocks: [
        'Parallels reports the data the connected platforms provide. It is an aid to your decisions, not financial, tax or advertising advice, and you remain responsible for the budgets and campaigns you run.',
      ],
    },
    {
      id: 'liability',
      title: 'Disclaimer and limitation of liability',
      blocks: [
        'Parallels is provided "as is" and "as available". To the extent the law allows, we disclaim all implied warranties, and we are not liable for indirect or consequential losses, such as lost profits, lost revenue or lost data.',
        'To the extent the law allows, our total liability for any claim about Parallels is limited to the amount you paid us in the 12 months before the claim arose. Nothing in these terms limits liability that cannot be limited by law.',
      ],
    },
    {
      id: 'termination',
      title: 'Ending the agreement',
      blocks: [
        'You may stop using Parallels at any time: cancel your paid plan, delete your brands, or ask us to delete your account. We may suspend or close an account that breaks these terms, after notice where it is reasonable to give it. Sections that by their nature should survive, such as refunds and liability, continue after the agreement ends.',
      ],
    },
    {
      id: 'changes',
      title: 'Changes to these terms',
      blocks: [
        'We may update these terms. We will update the effective date above and tell you about significant changes by email or in the app before they take effect. If you keep using Parallels after a change takes effect, the new terms apply.',
      ],
    },
    {
      id: 'contact',
      title: 'Contact',
      blocks: ['Questions about these terms, your plan or your bill: write to support@parallels.dev.'],
    },
  ],
};
