import { useState, type KeyboardEvent } from 'react';
import * as Popover from '@radix-ui/react-popover';
import { campaignLabelSchema } from '@parallels/contract/meta-campaigns';
import { labelColour, labelCount } from '../utils/campaign-rows';

export interface LabelEditorProps {
  campaignName: string;
  labels: string[];
  /** every label offered: the predefined ones, then the brand's custom ones */
  options: string[];
  /** labels the campaign's name suggests (accepted with one click, never applied by themselves) */
  suggestions: string[];
  /** edit mode: labels can be added, created, changed and removed */
  editing: boolean;
  onChange: (labels: string[]) => void;
}

/**
 * A campaign's labels cell (spec/reports.md "Meta campaigns" and section 5): coloured chips and '2 labels' /
 * 'Add label'; in edit mode a dropdown of the predefined and custom labels with 'Create new label' (placeholder
 * 'New label name'; Enter confirms, Escape cancels, an empty name is ignored), a remove button per chip, and the
 * name's suggestions to accept.
 */
export function LabelEditor({ campaignName, labels, options, suggestions, editing, onChange }: LabelEditorProps) {
  const [open, setOpen] = useState(false);
  const [creating, setCreating] = useState(false);
  const [name, setName] = useState('');
  const palette = [...new Set([...options, ...labels])];

  const toggle = (label: string) => onChange(labels.includes(label) ? labels.filter((l) => l !== label) : [...labels, label]);
  const create = () => {
    const parsed = campaignLabelSchema.safeParse(name);
    // an empty name is ignored
    if (!parsed.success) return;
    if (!labels.includes(parsed.data)) onChange([...labels, parsed.data]);
    setName('');
    setCreating(false);
    setOpen(false);
  };
  const onKey = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'Enter') {
      e.preventDefault();
      create();
    }
  };

  return (
    <div className="flex flex-wrap items-center gap-1 whitespace-normal">
      {labels.map((l) => (
        <span key={l} className={`inline-flex items-center gap-0.5 rounded-full px-2 py-0.5 text-xs font-medium ${labelColour(l, palette)}`}>
          {l}
          {editing && (
            <button type="button" aria-label={`Remove label ${l} from ${campaignName}`} className="px-0.5 leading-none opacity-70 hover:opacity-100" onClick={() => toggle(l)}>
              ×
            </button>
          )}
        </span>
      ))}
      {editing ? (
        <Popover.Root
          open={open}
          onOpenChange={(next) => {
            setOpen(next);
            if (!next) {
              setCreating(false);
              setName('');
            }
          }}
        >
          <Popover.Trigger aria-label={`Labels of ${campaignName}: ${labelCount(labels)}`} className="rounded border border-dashed border-slate-400 px-1.5 py-0.5 text-xs text-slate-700 hover:bg-slate-50">
            {labelCount(labels)}
          </Popover.Trigger>
          <Popover.Portal>
            <Popover.Content
              align="start"
              sideOffset={4}
              // Escape while naming a new label cancels that label only; otherwise it closes the dropdown
              onEscapeKeyDown={(e) => {
                if (!creating) return;
                e.preventDefault();
                setName('');
                setCreating(false);
              }}
              aria-label={`Labels of ${campaignName}`} className="z-50 w-56 rounded-xl border border-slate-200 bg-white p-2 text-sm shadow-xl">
              <ul className="flex flex-col">
                {options.map((l) => (
                  <li key={l}>
                    <label className="flex cursor-pointer items-center gap-2 rounded px-2 py-1 hover:bg-slate-50">
                      <input type="checkbox" checked={labels.includes(l)} onChange={() => toggle(l)} />
                      <span className={`rounded-full px-2 py-0.5 text-xs font-medium ${labelColour(l, palette)}`}>{l}</span>
                    </label>
                  </li>
                ))}
              </ul>
              <div className="mt-1 border-t border-slate-100 pt-1">
                {creating ? (
                  <input
                    autoFocus
                    aria-label="New label name"
                    placeholder="New label name"
                    maxLength={40}
                    value={name}
                    onChange={(e) => setName(e.target.value)}
                    onKeyDown={onKey}
                    className="w-full rounded border border-slate-300 px-2 py-1"
                  />
                ) : (
                  <button type="button" className="w-full rounded px-2 py-1 text-left font-medium text-brand-700 hover:bg-slate-50" onClick={() => setCreating(true)}>
                    Create new label
                  </button>
                )}
              </div>
            </Popover.Content>
          </Popover.Portal>
        </Popover.Root>
      ) : (
        <span className="text-xs text-slate-500">{labelCount(labels)}</span>
      )}
      {editing &&
        suggestions.map((s) => (
          <button
            key={s}
            type="button"
            aria-label={`Accept suggested label ${s} for ${campaignName}`}
            className="rounded-full border border-dashed border-brand-500 px-2 py-0.5 text-xs text-brand-700 hover:bg-brand-50"
            onClick={() => onChange([...labels, s])}
          >
            Suggested: {s}
          </button>
        ))}
    </div>
  );
}
