import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { OPEN_MODAL_VALUES, platformFromOpenModal, type ConnectPlatform } from '../utils/platforms';

/**
 * Which connect dialog is open, seeded from ?openModal=googleads|googleanalytics|facebook (spec core.md
 * sections 2 and 4: it reopens the matching dialog after an OAuth round trip and is then removed from the URL).
 */
export function useOpenModalParam(): [ConnectPlatform | null, (platform: ConnectPlatform | null) => void] {
  const [searchParams, setSearchParams] = useSearchParams();
  const requested = platformFromOpenModal(searchParams.get('openModal'));
  const [open, setOpen] = useState<ConnectPlatform | null>(requested);
  const [seen, setSeen] = useState<ConnectPlatform | null>(requested);

  // A later navigation that carries openModal opens the dialog too (state adjusted while rendering).
  if (requested !== seen) {
    setSeen(requested);
    if (requested) setOpen(requested);
  }

  useEffect(() => {
    if (!searchParams.has('openModal')) return;
    setSearchParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        next.delete('openModal');
        return next;
      },
      { replace: true },
    );
  }, [searchParams, setSearchParams]);

  return [open, setOpen];
}

/** The current path with ?openModal= for the provider's callback to come back to. */
export function sourceWithOpenModal(pathname: string, search: string, platform: ConnectPlatform): string {
  const params = new URLSearchParams(search);
  params.set('openModal', OPEN_MODAL_VALUES[platform]);
  return `${pathname}?${params}`;
}
