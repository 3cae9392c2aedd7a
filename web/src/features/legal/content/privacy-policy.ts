import type { LegalDocument } from '../components/legal-page';

// Written for what Parallels does (ARCHITECTURE.md): read-only platform access with the scopes the
// connectors request, tokens encrypted with AES-256-GCM, data keyed by brand and deleted with it.
// Keep this text in step with the connectors and the deletion code when either changes.
export const PRIVACY_POLICY: LegalDocument = {
  title: 'Privacy Policy',
  effectiveDate: '22 November 2026',
  summary:
    'Parallels is a marketing analytics service for e-commerce brands. This policy explains what we collect when you use Parallels and connect your store and advertising accounts, why we collect it, how we protect it, how long we keep it and how you can have it deleted. If anything here is unclear, write to support@parallels.dev.',
  sections: [
    {
      id: 'who-we-are',
      title: 'Who we are',
      blocks: [
        'Parallels ("we", "us") provides a web application that brings a brand\'s Shopify store, Meta Ads, Google Ads and Google Analytics 4 data into one set of dashboards and reports. You ("you", the account holder) decide which brands you set up and which platforms you connect to each of them.',
        'For the data you connect, you are in control of what is shared with us and we process it only to provide Parallels to you.',
      ],
    },
    {
      id: 'information-you-give-us',
      title: 'Information you give us',
      blocks: [
        'When you create and use an account we collect:',
        [
          'Account details: your username and email address, and your password, which we store only as a salted argon2id hash and never in readable form.',
          'Brand details: the name, currency and time zone of each brand you set up.',
          'What you create in Parallels: monthly sales, spend and ROAS targets, campaign labels and groups, and report settings.',
          'Support requests: the subject, message and contact details you send us when you raise a support ticket.',
        ],
        'If you sign in with Google, we receive your name, email address and Google account identifier (the "openid", "email" and "profile" permissions) and use them only to create your account and sign you in.',
      ],
    },
    {
      id: 'data-from-connected-platforms',
      title: 'Data from the platforms you connect',
      blocks: [
        'Each connection uses the platform\'s official sign-in and API and asks only for read access. We use the data solely to build the dashboards and reports you see for that brand. For each platform:',
        [
          'Shopify (read orders, read all orders, read products): your shop\'s name, domain, contact email, currency and time zone; orders with their dates, totals, discounts, taxes, refunds and the products and quantities ordered; and product titles, types and categories. We use this to report sales, refunds, orders, customers and product performance. We do not store your customers\' names, email addresses, phone numbers or postal addresses.',
          'Meta Ads (ads_read, business_management, email): the ad accounts and businesses you can access, the email address of the Facebook account that connected them, and for each account its campaigns, ad sets and ads with their names, status and daily results (spend, impressions, reach, clicks, purchases and purchase value), including breakdowns by age, gender, country, platform, placement, device, audience segment and interest. We use this for the Ad Metrics, Meta reports, campaign analysis and interest screens.',
          'Google Ads (the AdWords API scope): the Google Ads accounts you can access, including accounts under a manager account, and their campaigns, keywords, search terms, shopping products, and age and gender segments with daily cost, impressions, clicks, conversions and conversion value. We use this for the Google Ads reports and the segment dashboard.',
          'Google Analytics 4 (read-only analytics scope): the properties you can access and, for the property you choose, aggregated sessions, add-to-cart, checkout and purchase events and revenue by dimensions such as source, medium, campaign, device, country, city and landing page. We use this for the funnel and conversion reports. Google Analytics reports contain aggregated figures, not individual visitors.',
        ],
        'We read up to two years of history when you first connect a platform and then refresh recent days every few hours, because platforms revise recent figures. We never post, edit or delete anything in your store or your ad accounts.',
      ],
    },
    {
      id: 'how-we-use-data',
      title: 'How we use your data',
      blocks: [
        [
          'To show you dashboards, reports, targets and comparisons for the brands you can access.',
          'To keep your connections working: refreshing access, detecting an expired or revoked connection and asking you to reconnect.',
          'To send you the notifications and email reports you ask for.',
          'To answer your support requests.',
          'To keep Parallels secure and reliable: sign-in sessions, rate limits, error logs and abuse prevention.',
        ],
        'We do not sell your data, we do not use it for advertising, and we do not use data from your connected platforms to train generalised artificial intelligence or machine learning models.',
      ],
    },
    {
      id: 'how-we-protect-data',
      title: 'How we store and protect your data',
      blocks: [
        [
          'Access and refresh tokens from Shopify, Meta and Google are encrypted at rest with AES-256-GCM before they are written to our database. Each encrypted token is bound to its connection record, and the encryption keys are kept outside the database and can be rotated.',
          'Tokens are used only by our servers to call the platform APIs; they are never sent to your browser.',
          'Passwords are stored only as argon2id hashes.',
          'Your browser keeps you signed in with a single secure, HTTP-only session cookie that scripts cannot read.',
          'All traffic between your browser, our servers and the platforms is encrypted in transit (HTTPS).',
          'Every request for brand data checks that you have access to that brand, and every stored record is keyed by its brand.',
        ],
      ],
    },
    {
      id: 'retention-and-deletion',
      title: 'Retention and deletion',
      blocks: [
        'We keep data only as long as it is needed to provide Parallels to you:',
        [
          'Platform data is kept while the platform stays connected, covering up to the last two years.',
          'Disconnecting a platform from a brand deletes that connection\'s tokens and the data we synced from it.',
          'Deleting a brand deletes the brand together with all its connections, tokens, synced data, targets and campaign labels.',
          'If you ask us to delete your account, we delete your account details and every brand that no other user has access to.',
          'If you revoke Parallels\' access on the platform itself (uninstalling the app in Shopify, removing it in your Facebook business integrations or in your Google account permissions), we stop syncing and show the connection as needing to be reconnected; you can then disconnect it to delete its data.',
        ],
        'Deleted data disappears from Parallels at once; copies in our encrypted backups are overwritten within 30 days. To ask for deletion of anything else we hold about you, write to support@parallels.dev.',
      ],
    },
    {
      id: 'google-user-data',
      title: 'Google API Services: limited use',
      blocks: [
        'Parallels\' use and transfer to any other app of information received from Google APIs will adhere to the Google API Services User Data Policy, including the Limited Use requirements.',
        'In particular, data we receive from Google Ads, Google Analytics and Google sign-in:',
        [
          'is used only to provide and improve the user-facing features of Parallels that you can see in the app;',
          'is not transferred to others except as necessary to provide those features, to comply with applicable law, or as part of a merger, acquisition or sale of assets with notice to you;',
          'is not used to serve advertisements, including retargeting, personalised or interest-based advertising;',
          'is not read by people unless you have given us permission for specific data (for example in a support request), it is needed for security purposes such as investigating abuse, it is required by law, or it is aggregated and anonymised for internal operations.',
        ],
      ],
    },
    {
      id: 'sharing',
      title: 'Who we share data with',
      blocks: [
        'We share data only with service providers that help us run Parallels, under contracts that limit their use of it to that purpose:',
        [
          'hosting and database providers that store and process data on our behalf;',
          'an email delivery provider, for account emails and the email reports you ask for;',
          'our help desk provider, for the support tickets you raise.',
        ],
        'We may disclose information when the law requires it. If other users have access to one of your brands, they can see that brand\'s reports; they cannot see your password or your other brands.',
      ],
    },
    {
      id: 'cookies',
      title: 'Cookies and local storage',
      blocks: [
        'Parallels uses one essential session cookie to keep you signed in, and your browser\'s local storage to remember your signed-in user and selected brand. We do not use advertising or cross-site tracking cookies.',
      ],
    },
    {
      id: 'your-rights',
      title: 'Your choices and rights',
      blocks: [
        [
          'See and correct your account details on your profile page.',
          'Disconnect any platform or delete any brand at any time, which deletes its data as described above.',
          'Ask us for a copy of the personal data we hold about you, or for its correction or deletion.',
          'Object to or ask us to restrict how we process your personal data, where the law gives you that right.',
        ],
        'Write to support@parallels.dev and we will reply within 30 days.',
      ],
    },
    {
      id: 'children',
      title: 'Children',
      blocks: ['Parallels is a business tool and is not intended for anyone under 16. We do not knowingly collect data about children.'],
    },
    {
      id: 'changes',
      title: 'Changes to this policy',
      blocks: [
        'If we change this policy we will update the effective date above, and for significant changes we will tell you by email or in the app before they take effect.',
      ],
    },
    {
      id: 'contact',
      title: 'Contact us',
      blocks: ['For any question about this policy or your data, write to support@parallels.dev.'],
    },
  ],
};
