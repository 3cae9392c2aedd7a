/** The Parallels mark (the favicon's two bars) and name. */
export function Logo() {
  return (
    <span className="inline-flex items-center gap-2 text-base font-bold sm:text-lg tracking-tight text-slate-900">
      <svg viewBox="0 0 32 32" className="h-8 w-8" aria-hidden="true">
        <rect width="32" height="32" rx="8" fill="#4f46e5" />
        <path d="M10 8h3v16h-3zM19 8h3v16h-3z" fill="#fff" />
      </svg>
      Parallels
    </span>
  );
}
