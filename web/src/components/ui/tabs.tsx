import { useId, useRef, type KeyboardEvent, type ReactNode } from 'react';

export interface TabItem {
  id: string;
  label: string;
  panel: ReactNode;
}

/**
 * WAI-ARIA tabs: one tab stop, arrow keys (and Home/End) move between tabs, the selected panel is
 * labelled by its tab.
 */
export function Tabs({ items, selected, onSelect, label }: { items: TabItem[]; selected: string; onSelect: (id: string) => void; label: string }) {
  const baseId = useId();
  const tabRefs = useRef(new Map<string, HTMLButtonElement>());
  const current = items.find((t) => t.id === selected) ?? items[0];

  const onKeyDown = (e: KeyboardEvent) => {
    const index = items.findIndex((t) => t.id === current?.id);
    const next =
      e.key === 'ArrowRight' ? items[(index + 1) % items.length]
      : e.key === 'ArrowLeft' ? items[(index - 1 + items.length) % items.length]
      : e.key === 'Home' ? items[0]
      : e.key === 'End' ? items[items.length - 1]
      : undefined;
    if (!next) return;
    e.preventDefault();
    onSelect(next.id);
    tabRefs.current.get(next.id)?.focus();
  };

  return (
    <div>
      <div role="tablist" aria-label={label} className="flex gap-1 border-b border-slate-200" onKeyDown={onKeyDown}>
        {items.map((t) => {
          const active = t.id === current?.id;
          return (
            <button
              key={t.id}
              ref={(el) => {
                if (el) tabRefs.current.set(t.id, el);
                else tabRefs.current.delete(t.id);
              }}
              type="button"
              role="tab"
              id={`${baseId}-tab-${t.id}`}
              aria-selected={active}
              aria-controls={`${baseId}-panel-${t.id}`}
              tabIndex={active ? 0 : -1}
              onClick={() => onSelect(t.id)}
              className={`-mb-px border-b-2 px-4 py-2 text-sm font-medium ${active ? 'border-brand-600 text-brand-700' : 'border-transparent text-slate-600 hover:text-slate-900'}`}
            >
              {t.label}
            </button>
          );
        })}
      </div>
      {current && (
        <div role="tabpanel" id={`${baseId}-panel-${current.id}`} aria-labelledby={`${baseId}-tab-${current.id}`} tabIndex={0} className="pt-4">
          {current.panel}
        </div>
      )}
    </div>
  );
}
