import { useEffect, useState } from 'react';

/** The phrase to show now, moving on every `intervalMs` and starting over after the last. */
export function useRotatingPhrase(phrases: readonly string[], intervalMs: number): string {
  const [index, setIndex] = useState(0);
  useEffect(() => {
    if (phrases.length < 2) return;
    const timer = setInterval(() => setIndex((i) => (i + 1) % phrases.length), intervalMs);
    return () => clearInterval(timer);
  }, [phrases.length, intervalMs]);
  return phrases[index % phrases.length] ?? '';
}
