/** A labelled bar for a whole-number percent (0..100). */
export function SyncProgressBar({ percent, label }: { percent: number; label: string }) {
  return (
    <div>
      <div
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        className="h-2 w-full overflow-hidden rounded-full bg-slate-200"
      >
        <div className="h-full rounded-full bg-brand-600 transition-[width] duration-500" style={{ width: `${percent}%` }} />
      </div>
      <p className="mt-1 text-right text-xs text-slate-500 tabular-nums">{percent}%</p>
    </div>
  );
}

/** 0..1 from the server to a whole percent; anything out of range or not a number is clamped. */
export function toPercent(fraction: number): number {
  if (!Number.isFinite(fraction)) return 0;
  return Math.floor(Math.min(1, Math.max(0, fraction)) * 100);
}
