import { SUPPORT_EMAIL } from '@parallels/contract/product';
import { useEffect, type MouseEvent, type ReactNode } from 'react';
import { Link, useNavigationType } from 'react-router';
import { paths } from '../../../lib/paths';

/** A block of a section: a string is a paragraph, an array of strings a bullet list. */
export type LegalBlock = string | readonly string[];

export interface LegalSection {
  id: string;
  title: string;
  blocks: readonly LegalBlock[];
}

export interface LegalDocument {
  title: string;
  /** e.g. '22 November 2026' */
  effectiveDate: string;
  summary: string;
  sections: readonly LegalSection[];
}

/** The product's support contact; written out as a mail link wherever the texts mention it. */


const TEXT_LINK = 'rounded font-medium text-brand-700 underline decoration-brand-200 underline-offset-2 hover:decoration-brand-700';

function withMailLinks(text: string): ReactNode {
  const parts = text.split(SUPPORT_EMAIL);
  if (parts.length === 1) return text;
  return parts.flatMap((part, i) =>
    i === 0
      ? [part]
      : [
          <a key={i} href={`mailto:${SUPPORT_EMAIL}`} className={TEXT_LINK}>
            {SUPPORT_EMAIL}
          </a>,
          part,
        ],
  );
}

function jumpTo(e: MouseEvent<HTMLAnchorElement>, id: string) {
  if (e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
  e.preventDefault();
  const target = document.getElementById(id);
  target?.scrollIntoView?.({ block: 'start' });
  target?.querySelector<HTMLElement>('h2')?.focus({ preventScroll: true });
}

/** A static legal page (spec/reports.md section 2): titled sections of paragraphs and bullet lists. */
export function LegalPage({ document: doc }: { document: LegalDocument }) {
  const navigationType = useNavigationType();
  // The router keeps the scroll position: arriving from the landing page's footer starts at the top.
  useEffect(() => {
    if (navigationType !== 'POP') window.scrollTo(0, 0);
  }, [navigationType]);

  return (
    <div className="min-h-full bg-white">
      <header className="border-b border-slate-200 bg-white">
        <div className="mx-auto flex h-16 max-w-3xl items-center justify-between gap-4 px-4 sm:px-6">
          <Link to={paths.home} aria-label="Parallels home" className="inline-flex items-center gap-2 rounded-lg text-lg font-bold tracking-tight text-slate-900">
            <svg viewBox="0 0 32 32" className="h-8 w-8" aria-hidden="true">
              <rect width="32" height="32" rx="8" fill="#4f46e5" />
              <path d="M10 8h3v16h-3zM19 8h3v16h-3z" fill="#fff" />
            </svg>
            Parallels
          </Link>
          <Link to={paths.home} className="rounded-lg px-3 py-2 text-sm font-medium text-slate-700 hover:bg-slate-100">
            Back to home
          </Link>
        </div>
      </header>
      <main className="mx-auto max-w-3xl px-4 py-12 sm:px-6 sm:py-16">
        <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">{doc.title}</h1>
        <p className="mt-2 text-sm text-slate-600">Effective {doc.effectiveDate}</p>
        <p className="mt-6 text-lg leading-8 text-slate-700">{withMailLinks(doc.summary)}</p>

        <nav aria-label="Contents" className="mt-8 rounded-xl border border-slate-200 bg-slate-50 p-5">
          <h2 className="text-sm font-semibold text-slate-900">Contents</h2>
          <ol className="mt-3 grid list-decimal gap-x-8 gap-y-1.5 pl-5 text-sm text-slate-700 marker:text-slate-500 sm:grid-cols-2">
            {doc.sections.map((s) => (
              <li key={s.id}>
                <a href={`#${s.id}`} onClick={(e) => jumpTo(e, s.id)} className="rounded hover:text-brand-700 hover:underline">
                  {s.title}
                </a>
              </li>
            ))}
          </ol>
        </nav>

        {doc.sections.map((s, index) => (
          <section key={s.id} id={s.id} aria-labelledby={`${s.id}-title`} className="mt-10 scroll-mt-6">
            <h2 id={`${s.id}-title`} tabIndex={-1} className="text-xl font-semibold text-slate-900">
              {index + 1}. {s.title}
            </h2>
            {s.blocks.map((block, i) =>
              typeof block === 'string' ? (
                <p key={i} className="mt-3 leading-7 text-slate-700">
                  {withMailLinks(block)}
                </p>
              ) : (
                <ul key={i} className="mt-3 list-disc space-y-2 pl-6 leading-7 text-slate-700 marker:text-slate-500">
                  {block.map((item) => (
                    <li key={item}>{withMailLinks(item)}</li>
                  ))}
                </ul>
              ),
            )}
          </section>
        ))}
      </main>
      <footer className="border-t border-slate-200 bg-slate-50">
        <div className="mx-auto flex max-w-3xl flex-col gap-4 px-4 py-8 text-sm text-slate-600 sm:flex-row sm:items-center sm:justify-between sm:px-6">
          <p>© Parallels. Questions? {withMailLinks(SUPPORT_EMAIL)}</p>
          <nav aria-label="Legal">
            <ul className="flex flex-wrap gap-x-5 gap-y-2">
              <li>
                <Link to={paths.home} className="rounded hover:text-brand-700">Home</Link>
              </li>
              <li>
                <Link to={paths.privacyPolicy} className="rounded hover:text-brand-700">Privacy Policy</Link>
              </li>
              <li>
                <Link to={paths.termsAndConditions} className="rounded hover:text-brand-700">Terms and Conditions</Link>
              </li>
            </ul>
          </nav>
        </div>
      </footer>
    </div>
  );
}
