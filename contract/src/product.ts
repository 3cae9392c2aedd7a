/** The product's public support address (footer, legal pages, not-found page, support tickets). */
export const SUPPORT_EMAIL = 'support@parallels.dev';
