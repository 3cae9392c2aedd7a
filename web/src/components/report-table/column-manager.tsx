import { useState } from 'react';
import * as Dialog from '@radix-ui/react-dialog';

export interface ManagedColumn {
  id: string;
  header: string;
  visible: boolean;
  pinned: boolean;
  /** the first column is always shown (it names the row) */
  locked: boolean;
}

export interface QuickView {
  name: string;
  /** the columns it shows; the locked first column always stays */
  columns: string[];
}

export interface ColumnManagerProps {
  columns: ManagedColumn[];
  quickViews?: QuickView[];
  onToggleVisible: (id: string, visible: boolean) => void;
  onTogglePinned: (id: string, pinned: boolean) => void;
  /** the new order of every column id */
  onReorder: (order: string[]) => void;
  onQuickView: (view: QuickView | null) => void;
  /** the button's text ('Manage Columns' on the campaign table) */
  triggerLabel?: string;
}

function moved(order: string[], from: number, to: number): string[] {
  const next = [...order];
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item!);
  return next;
}

/**
 * spec/reports.md "Column management": per-column visibility, drag order and pinning, and named quick views,
 * in a side sheet. Dragging has buttons beside it (Move up / Move down) so the order is keyboard-operable.
 */
export function ColumnManager({ columns, quickViews = [], onToggleVisible, onTogglePinned, onReorder, onQuickView, triggerLabel = 'Columns' }: ColumnManagerProps) {
  const [dragged, setDragged] = useState<string | null>(null);
  const order = columns.map((c) => c.id);
  return (
    <Dialog.Root>
      <Dialog.Trigger className="rounded-lg border border-slate-300 bg-white px-3 py-1.5 text-sm font-medium text-slate-800 hover:bg-slate-50">{triggerLabel}</Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-slate-900/40" />
        <Dialog.Content className="fixed inset-y-0 right-0 z-50 flex w-full max-w-sm flex-col gap-4 overflow-y-auto bg-white p-5 shadow-2xl focus:outline-none">
          <div className="flex items-start justify-between gap-2">
            <div>
              <Dialog.Title className="text-lg font-semibold">Manage columns</Dialog.Title>
              <Dialog.Description className="text-sm text-slate-600">Show, hide, pin and reorder the table's columns.</Dialog.Description>
            </div>
            <Dialog.Close aria-label="Close" className="rounded px-2 text-2xl leading-none text-slate-500 hover:text-slate-900">
              ×
            </Dialog.Close>
          </div>
          <section aria-label="Quick views" className="flex flex-wrap gap-2">
            <button type="button" className="rounded-full border border-slate-300 px-3 py-1 text-xs font-medium hover:bg-slate-50" onClick={() => onQuickView(null)}>
              All columns
            </button>
            {quickViews.map((v) => (
              <button key={v.name} type="button" className="rounded-full border border-slate-300 px-3 py-1 text-xs font-medium hover:bg-slate-50" onClick={() => onQuickView(v)}>
                {v.name}
              </button>
            ))}
          </section>
          <ul className="flex flex-col gap-1" aria-label="Columns">
            {columns.map((c, i) => (
              <li
                key={c.id}
                draggable
                onDragStart={() => setDragged(c.id)}
                onDragOver={(e) => e.preventDefault()}
                onDrop={(e) => {
                  e.preventDefault();
                  if (dragged && dragged !== c.id) onReorder(moved(order, order.indexOf(dragged), i));
                  setDragged(null);
                }}
                className={`flex items-center gap-2 rounded-lg border px-2 py-1.5 text-sm ${dragged === c.id ? 'border-brand-500 bg-brand-50' : 'border-slate-200'}`}
              >
                <span aria-hidden className="cursor-grab select-none text-slate-400">
                  ⋮⋮
                </span>
                <label className="flex flex-1 items-center gap-2">
                  <input type="checkbox" checked={c.visible} disabled={c.locked} onChange={(e) => onToggleVisible(c.id, e.target.checked)} />
                  {c.header}
                </label>
                <button
                  type="button"
                  aria-pressed={c.pinned}
                  aria-label={`Pin ${c.header}`}
                  className={`rounded px-2 py-0.5 text-xs ${c.pinned ? 'bg-brand-600 text-white' : 'border border-slate-300 text-slate-700'}`}
                  onClick={() => onTogglePinned(c.id, !c.pinned)}
                >
                  Pin
                </button>
                <button type="button" aria-label={`Move ${c.header} up`} disabled={i === 0} className="rounded px-1.5 text-slate-600 disabled:opacity-30" onClick={() => onReorder(moved(order, i, i - 1))}>
                  ↑
                </button>
                <button
                  type="button"
                  aria-label={`Move ${c.header} down`}
                  disabled={i === columns.length - 1}
                  className="rounded px-1.5 text-slate-600 disabled:opacity-30"
                  onClick={() => onReorder(moved(order, i, i + 1))}
                >
                  ↓
                </button>
              </li>
            ))}
          </ul>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
