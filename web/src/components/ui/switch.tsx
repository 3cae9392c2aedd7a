import type { ReactNode } from 'react';

// An on/off switch (WAI-ARIA switch pattern: a button with role="switch" and aria-checked; Space and Enter
// toggle it as they press any button). `children` is a visible label inside the switch; without one, give
// `label` so a screen reader can name it.
export function Switch({
  checked,
  onCheckedChange,
  label,
  disabled = false,
  size = 'md',
  children,
  className = '',
}: {
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
  label?: string;
  disabled?: boolean;
  size?: 'sm' | 'md';
  children?: ReactNode;
  className?: string;
}) {
  const track = size === 'sm' ? 'h-4 w-7' : 'h-6 w-11';
  const thumb = size === 'sm' ? `h-3 w-3 ${checked ? 'translate-x-3.5' : 'translate-x-0.5'}` : `h-5 w-5 shadow ${checked ? 'translate-x-5' : 'translate-x-0.5'}`;
  return (
    <button
      type="button"
      role="switch"
      aria-checked={checked}
      aria-label={label}
      disabled={disabled}
      onClick={() => onCheckedChange(!checked)}
      className={`inline-flex shrink-0 items-center gap-2 rounded-full focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 disabled:opacity-60 ${className}`}
    >
      <span aria-hidden className={`inline-flex ${track} items-center rounded-full transition-colors ${checked ? 'bg-brand-600' : 'bg-slate-300'}`}>
        <span className={`inline-block rounded-full bg-white transition-transform ${thumb}`} />
      </span>
      {children}
    </button>
  );
}
