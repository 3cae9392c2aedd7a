import { useId, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { formatCustomerId } from '../../../lib/platform-names';
import { matchesSearch, type AccountOption, type ConnectPlatform } from '../utils/platforms';

export interface AccountListProps {
  platform: ConnectPlatform;
  options: AccountOption[];
  isLinked: (option: AccountOption) => boolean;
  selectedKeys: string[];
  onToggle: (option: AccountOption) => void;
  onSave: () => void;
  saving: boolean;
  onRemove: (option: AccountOption) => void;
  removingKey: string | null;
}

const ID_LABELS: Record<ConnectPlatform, string> = { meta: 'Account ID', google_ads: 'Customer ID', ga4: 'Property ID' };

/** GA4 lists properties, the ad platforms accounts: the dialog says which. */
export const LIST_NOUNS: Record<ConnectPlatform, string> = { meta: 'accounts', google_ads: 'accounts', ga4: 'properties' };

/** Google shows a customer id as 567-890-1234; the others as they come. */
function displayId(platform: ConnectPlatform, id: string): string {
  return platform === 'google_ads' ? formatCustomerId(id) : id;
}

/** The searchable list of a connect dialog: Connected (disabled) + Remove, or Select / Selected, and Save(n). */
export function AccountList({ platform, options, isLinked, selectedKeys, onToggle, onSave, saving, onRemove, removingKey }: AccountListProps) {
  const [search, setSearch] = useState('');
  const listId = useId();
  const visible = options.filter((o) => matchesSearch(o, search));
  const count = selectedKeys.length;
  const noun = LIST_NOUNS[platform];

  return (
    <div>
      <label htmlFor={`account-search-${platform}`} className="sr-only">
        Search {noun}
      </label>
      <input
        id={`account-search-${platform}`}
        type="search"
        value={search}
        onChange={(e) => setSearch(e.target.value)}
        placeholder={platform === 'google_ads' ? 'Search by name, ID or manager ID' : 'Search by name or ID'}
        className="mb-3 block w-full rounded-lg border border-slate-300 px-3 py-2 text-sm focus:border-brand-500 focus:ring-2 focus:ring-brand-100 focus:outline-none"
      />
      {options.length === 0 ? (
        <p className="py-6 text-center text-sm text-slate-500">No {noun} available.</p>
      ) : visible.length === 0 ? (
        <p className="py-6 text-center text-sm text-slate-500">No {noun} found matching your search.</p>
      ) : (
        <ul aria-label={noun === 'properties' ? 'Properties' : 'Accounts'} className="max-h-80 divide-y divide-slate-100 overflow-y-auto rounded-lg border border-slate-200">
          {visible.map((o) => {
            const linked = isLinked(o);
            const selected = selectedKeys.includes(o.key);
            // Each button is named by its word and the account ("Select Sun Kissed EU").
            const rowId = `${listId}-${o.key}`;
            const named = (action: string) => ({ id: `${rowId}-${action}`, 'aria-labelledby': `${rowId}-${action} ${rowId}-name` });
            return (
              <li key={o.key} className="flex items-center justify-between gap-3 px-4 py-3">
                <div className="min-w-0">
                  <p id={`${rowId}-name`} className="truncate text-sm font-medium">
                    {o.name}
                  </p>
                  <p className="text-xs text-slate-500">
                    {ID_LABELS[platform]}: {displayId(platform, o.id)}
                    {o.managerId ? ` · Manager ID: ${displayId(platform, o.managerId)}` : ''}
                    {o.currency ? ` · Reports in ${o.currency}` : ''}
                  </p>
                </div>
                {linked ? (
                  <div className="flex shrink-0 gap-2">
                    {/* Already connected accounts cannot be selected again (spec core.md section 5). */}
                    <Button {...named('connected')} variant="secondary" disabled className="text-emerald-700">
                      Connected
                    </Button>
                    <Button {...named('remove')} variant="ghost" className="text-red-600" busy={removingKey === o.key} disabled={removingKey !== null} onClick={() => onRemove(o)}>
                      Remove
                    </Button>
                  </div>
                ) : (
                  <Button {...named('select')} variant={selected ? 'primary' : 'secondary'} aria-pressed={selected} className="shrink-0" onClick={() => onToggle(o)}>
                    {selected ? 'Selected' : 'Select'}
                  </Button>
                )}
              </li>
            );
          })}
        </ul>
      )}
      {count > 0 && (
        <div className="mt-4 flex justify-end">
          <Button onClick={onSave} busy={saving}>{`Save(${count})`}</Button>
        </div>
      )}
    </div>
  );
}
