import { Navigate } from 'react-router';
import { BrandSetupScreen } from '../../features/brands/components/brand-setup-screen';
import { ConnectAccountDialog } from '../../features/connections/components/connect-account-dialog';
import { useOpenModalParam } from '../../features/connections/hooks/use-open-modal-param';
import { paths } from '../../lib/paths';
import { useSession } from '../../lib/session-store';

/** /first-time-brand-setup and /brand-setup: the setup form, with the connect dialog in setup mode. */
export function BrandSetupRoute() {
  const { user } = useSession();
  const [dialog, setDialog] = useOpenModalParam();
  if (!user) return <Navigate to={paths.login} replace />;
  return (
    <BrandSetupScreen
      user={user}
      onOpenConnectDialog={setDialog}
      renderConnectDialog={({ accounts, onAccountsChange }) => (
        <ConnectAccountDialog platform={dialog} onClose={() => setDialog(null)} target={{ mode: 'setup', userId: user.id, accounts, onAccountsChange }} />
      )}
    />
  );
}
