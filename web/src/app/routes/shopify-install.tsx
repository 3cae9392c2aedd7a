import { ShopifyInstallScreen } from '../../features/oauth-return/components/shopify-install-screen';

export function ShopifyInstallRoute() {
  return <ShopifyInstallScreen />;
}
