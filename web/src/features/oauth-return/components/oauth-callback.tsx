import { useEffect, useRef } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import type { TokenName } from '@parallels/contract/oauth';
import { useToast, type ToastInput } from '../../../components/ui/toast';
import { ApiError } from '../../../lib/api-client';
import { paths } from '../../../lib/paths';
import { sessionStore } from '../../../lib/session-store';
import { loginWithTicket } from '../api/login-with-ticket';
import { updateTokens } from '../api/update-tokens';
import {
  DENIED_PLATFORM_LABELS,
  isBrandSetupPath,
  OPEN_MODAL_FOR_TOKEN,
  planCallback,
  TOKEN_LABELS,
  withOpenModal,
  type CallbackPlan,
} from '../utils/callback-plan';

type Go = (to: string) => void;
type Toast = (t: ToastInput) => void;

async function signIn(ticket: string, go: Go, toast: Toast) {
  try {
    const { user } = await loginWithTicket(ticket);
    sessionStore.signIn(user);
    toast({ title: 'Login successful!', description: 'Welcome! Redirecting to your dashboard.' });
    go(user.brands.length > 0 ? paths.dashboard : paths.firstTimeBrandSetup);
  } catch {
    toast({ title: 'Login Failed', description: 'Unable to authenticate with Google.', variant: 'destructive' });
    go(paths.login);
  }
}

async function attachGrant(token: TokenName, grant: string, rawSource: string | null, go: Go, toast: Toast) {
  const label = TOKEN_LABELS[token];
  const source = token === 'zohoToken' ? paths.profile : (rawSource ?? paths.dashboard);
  const back = token === 'zohoToken' ? paths.profile : withOpenModal(source, OPEN_MODAL_FOR_TOKEN[token]);
  const brandId = sessionStore.get().selectedBrandId;
  // During brand setup there is no brand yet: the grant stays with the user and the dialog lists with it.
  if (token !== 'zohoToken' && (isBrandSetupPath(source) || !brandId)) return go(back);
  const failed = () => {
    toast({ title: 'Update Failed', description: `Unable to update ${label} token.`, variant: 'destructive' });
    go(paths.dashboard);
  };
  if (!brandId && token !== 'zohoToken') return failed();
  try {
    const res = await updateTokens({ token, brandId, grant });
    if (!res.success) return failed();
    toast({ title: 'Success', description: `${label} token updated successfully.` });
    go(back);
  } catch (error) {
    // spec core.md section 8: on an exception, the server's message and then /.
    toast({ title: 'Update Failed', description: error instanceof ApiError ? error.message : `Unable to update ${label} token.`, variant: 'destructive' });
    go(paths.home);
  }
}

function denied(plan: Extract<CallbackPlan, { kind: 'denied' }>, go: Go, toast: Toast) {
  const platform = plan.platform ? DENIED_PLATFORM_LABELS[plan.platform] : undefined;
  if (!platform) {
    // A sign-in (platform=login) that the user cancelled or the provider refused.
    toast({ title: 'Sign-in cancelled', description: 'You were not signed in. Nothing was changed.', variant: 'destructive' });
    return go(paths.login);
  }
  toast(
    plan.error === 'access_denied'
      ? { title: 'Connection cancelled', description: `Access to ${platform} was not granted. Nothing was changed.` }
      : { title: 'Connection failed', description: `${platform} did not finish connecting. Nothing was changed.`, variant: 'destructive' },
  );
  // Back where the user started, without reopening the dialog they just left.
  go(withOpenModal(plan.source ?? paths.dashboard, null));
}

/** /callback: where every provider sends the browser back (spec core.md section 8, "OAuth callback"). */
export function OAuthCallback() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const { toast } = useToast();
  // The login ticket and grants are single-use: handle them once, even when effects run twice.
  const handled = useRef(false);

  useEffect(() => {
    if (handled.current) return;
    handled.current = true;
    const go: Go = (to) => navigate(to, { replace: true });
    const run = async () => {
      const plan = planCallback(params);
      if (plan.kind === 'login') return signIn(plan.ticket, go, toast);
      if (plan.kind === 'token') return attachGrant(plan.token, plan.grant, plan.source, go, toast);
      if (plan.kind === 'denied') return denied(plan, go, toast);
      go(paths.login);
    };
    run().catch(() => {
      toast({ title: 'Error', description: 'An error occurred while handling the login callback.', variant: 'destructive' });
      go(paths.login);
    });
  }, [params, navigate, toast]);

  return (
    <main className="flex min-h-full flex-col items-center justify-center gap-2 px-6">
      <div role="status" className="flex flex-col items-center gap-3">
        <span className="h-8 w-8 animate-spin rounded-full border-2 border-brand-600 border-t-transparent" aria-hidden />
        <p className="text-sm text-slate-600">Finishing sign-in…</p>
      </div>
    </main>
  );
}
