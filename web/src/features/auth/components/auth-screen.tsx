import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { loginFormSchema, shopNameSchema, signupBodySchema } from '@parallels/contract/auth';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/text-field';
import { useToast } from '../../../components/ui/toast';
import { redirectTo } from '../../../lib/browser';
import { paths } from '../../../lib/paths';
import { sessionStore } from '../../../lib/session-store';
import { errorToast } from '../../../lib/toast-messages';
import { useLogin } from '../api/login';
import { useSignup } from '../api/signup';
import { startGoogleLogin, startShopifyLogin } from '../api/oauth-start';

type Mode = 'login' | 'signup';
type FieldErrors = Partial<Record<'username' | 'email' | 'password' | 'shop', string>>;

function firstErrors(issues: ReadonlyArray<{ path: PropertyKey[]; message: string }>): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of issues) {
    const field = String(issue.path[0]) as keyof FieldErrors;
    errors[field] ??= issue.message;
  }
  return errors;
}

/** /login: Sign In / Sign Up, and the Shopify store-name mode (spec/core.md sections 2, 5, 8). */
export function AuthScreen() {
  const [mode, setMode] = useState<Mode>('login');
  const [shopifyMode, setShopifyMode] = useState(false);
  const [form, setForm] = useState({ username: '', email: '', password: '', shop: '' });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [redirecting, setRedirecting] = useState<'google' | 'shopify' | null>(null);
  const navigate = useNavigate();
  const { toast } = useToast();
  const loginMutation = useLogin();
  const signupMutation = useSignup();

  const update = (field: keyof typeof form) => (e: { target: { value: string } }) => {
    setForm((f) => ({ ...f, [field]: e.target.value }));
    setErrors((er) => ({ ...er, [field]: undefined }));
  };

  const switchMode = (next: Mode) => {
    setMode(next);
    setErrors({});
  };

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    if (mode === 'signup') {
      const parsed = signupBodySchema.safeParse({ username: form.username, email: form.email, password: form.password });
      if (!parsed.success) return setErrors(firstErrors(parsed.error.issues));
      try {
        await signupMutation.mutateAsync(parsed.data);
        toast({ title: 'Registration successful!', description: 'Please log in with your new account.' });
        setForm((f) => ({ ...f, password: '' }));
        switchMode('login');
      } catch (error) {
        toast(errorToast(error));
      }
      return;
    }
    const parsed = loginFormSchema.safeParse({ email: form.email, password: form.password });
    if (!parsed.success) return setErrors(firstErrors(parsed.error.issues));
    try {
      const { user } = await loginMutation.mutateAsync(parsed.data);
      sessionStore.signIn(user);
      toast({ title: 'Login successful!', description: 'Welcome! Redirecting to your dashboard.' });
      navigate(user.brands.length > 0 ? paths.dashboard : paths.firstTimeBrandSetup, { replace: true });
    } catch (error) {
      toast(errorToast(error));
    }
  };

  const onGoogle = async () => {
    setRedirecting('google');
    try {
      redirectTo(await startGoogleLogin());
    } catch (error) {
      toast(errorToast(error));
      setRedirecting(null);
    }
  };

  const onShopify = async (e: FormEvent) => {
    e.preventDefault();
    const parsed = shopNameSchema.safeParse(form.shop);
    if (!parsed.success) return setErrors({ shop: parsed.error.issues[0]?.message });
    setRedirecting('shopify');
    try {
      redirectTo(await startShopifyLogin(parsed.data.replace(/\.myshopify\.com$/i, '')));
    } catch {
      toast({ title: 'Failed to connect to Shopify', variant: 'destructive' });
      setRedirecting(null);
    }
  };

  const busy = loginMutation.isPending || signupMutation.isPending;

  return (
    <div className="flex min-h-full items-center justify-center bg-gradient-to-br from-brand-50 via-white to-slate-100 px-4 py-12">
      <main className="w-full max-w-md">
        <a href={paths.home} className="mb-6 flex items-center justify-center gap-2 text-xl font-bold text-brand-700">
          <img src="/favicon.svg" alt="" className="h-8 w-8" /> Parallels
        </a>
        <div className="rounded-2xl border border-slate-200 bg-white p-8 shadow-xl">
          {shopifyMode ? (
            <form onSubmit={onShopify} noValidate>
              <h1 className="text-2xl font-semibold">Connect Your Shopify Store</h1>
              <p className="mt-1 text-sm text-slate-600">Enter your store name to sign in with Shopify.</p>
              <TextField
                className="mt-6"
                label="Shop name"
                name="shop"
                placeholder="your-store"
                hint="Without .myshopify.com"
                value={form.shop}
                onChange={update('shop')}
                error={errors.shop}
                autoFocus
              />
              <Button type="submit" className="mt-6 w-full" busy={redirecting === 'shopify'}>
                Continue with Shopify
              </Button>
              <Button variant="ghost" className="mt-2 w-full" onClick={() => { setShopifyMode(false); setErrors({}); }}>
                Back to sign in
              </Button>
            </form>
          ) : (
            <>
              <div className="mb-6 grid grid-cols-2 rounded-lg bg-slate-100 p-1" role="group" aria-label="Sign in or sign up">
                {(['login', 'signup'] as const).map((m) => (
                  <button
                    key={m}
                    type="button"
                    aria-pressed={mode === m}
                    onClick={() => switchMode(m)}
                    className={`rounded-md py-2 text-sm font-medium ${mode === m ? 'bg-white text-slate-900 shadow' : 'text-slate-600 hover:text-slate-900'}`}
                  >
                    {m === 'login' ? 'Sign In' : 'Sign Up'}
                  </button>
                ))}
              </div>
              <h1 className="text-2xl font-semibold">{mode === 'login' ? 'Welcome Back' : 'Create an Account'}</h1>
              <p className="mt-1 text-sm text-slate-600">
                {mode === 'login' ? 'Sign in to see your brands.' : 'Start with your Shopify store, Meta, Google Ads and GA4 in one place.'}
              </p>
              <form onSubmit={onSubmit} noValidate className="mt-6 space-y-4">
                {mode === 'signup' && (
                  <TextField label="Username" name="username" autoComplete="username" value={form.username} onChange={update('username')} error={errors.username} />
                )}
                <TextField label="Email" name="email" type="email" autoComplete="email" value={form.email} onChange={update('email')} error={errors.email} />
                <TextField
                  label="Password"
                  name="password"
                  type="password"
                  autoComplete={mode === 'login' ? 'current-password' : 'new-password'}
                  value={form.password}
                  onChange={update('password')}
                  error={errors.password}
                />
                <Button type="submit" className="w-full" busy={busy}>
                  {mode === 'login' ? 'Sign In' : 'Sign Up'}
                </Button>
              </form>
              <div className="my-6 flex items-center gap-3 text-xs text-slate-400">
                <span className="h-px flex-1 bg-slate-200" /> or <span className="h-px flex-1 bg-slate-200" />
              </div>
              <div className="space-y-2">
                <Button variant="secondary" className="w-full" onClick={onGoogle} busy={redirecting === 'google'}>
                  Continue with Google
                </Button>
                <Button variant="secondary" className="w-full" onClick={() => { setShopifyMode(true); setErrors({}); }}>
                  Continue with Shopify
                </Button>
              </div>
            </>
          )}
        </div>
      </main>
    </div>
  );
}
