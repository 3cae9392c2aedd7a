import { useState } from 'react';
import { SupportTicketModal, type TicketDefaults } from './support-ticket-modal';

/** Spec core.md section 2: the floating button at the bottom right of dashboard pages opens the ticket modal. */
export function SupportButton({ defaults }: { defaults: TicketDefaults }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        onClick={() => setOpen(true)}
        aria-label="Contact support"
        data-tutorial="support-button"
        className="fixed bottom-5 right-5 z-30 flex h-14 w-14 items-center justify-center rounded-full bg-brand-600 text-white shadow-lg hover:bg-brand-700 focus:outline-none focus:ring-4 focus:ring-brand-200"
      >
        <svg viewBox="0 0 24 24" className="h-7 w-7" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden>
          <path d="M21 12a8 8 0 0 1-11.6 7.1L4 20l1-4.6A8 8 0 1 1 21 12Z" strokeLinejoin="round" />
          <path d="M9.5 9.5a2.5 2.5 0 1 1 3.5 2.3c-.6.3-1 .8-1 1.5M12 16.5h.01" strokeLinecap="round" />
        </svg>
      </button>
      <SupportTicketModal open={open} onClose={() => setOpen(false)} defaults={defaults} />
    </>
  );
}
