import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { Button } from '../../../components/ui/button';
import { describeAccountListProblem, SESSION_EXPIRED_ALERT } from '../utils/account-list-errors';
import { useConnectProvider } from '../hooks/use-connect-provider';
import { sourceWithOpenModal } from '../hooks/use-open-modal-param';
import { PROVIDER_NAMES, type ConnectPlatform } from '../utils/platforms';

/** The dialog's answer to a list it could not read: why, and 'Connect to your ... account'. */
export function ReconnectPrompt({ platform, error }: { platform: ConnectPlatform; error: unknown }) {
  const location = useLocation();
  const { connect, pending } = useConnectProvider();
  const problem = describeAccountListProblem(platform, error);
  const alerted = useRef<unknown>(null);

  useEffect(() => {
    // Once per failure, even when React runs effects twice in development.
    if (!problem.sessionExpired || alerted.current === error) return;
    alerted.current = error;
    window.alert(SESSION_EXPIRED_ALERT);
  }, [problem.sessionExpired, error]);

  return (
    <div className="flex flex-col items-center gap-4 py-6 text-center">
      <p className="text-sm text-slate-600">{problem.explanation}</p>
      <Button busy={pending === platform} onClick={() => void connect(platform, sourceWithOpenModal(location.pathname, location.search, platform))}>
        {`Connect to your ${PROVIDER_NAMES[platform]} account`}
      </Button>
    </div>
  );
}
