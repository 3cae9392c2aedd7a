import { Card } from './card';

/** A route from the spec whose screen is not built yet: say so plainly, never a blank page. */
export function PlaceholderScreen({ title, description }: { title: string; description?: string }) {
  return (
    <Card className="mx-auto mt-8 max-w-xl p-8 text-center">
      <h2 className="text-lg font-semibold">{title}</h2>
      <p className="mt-2 text-sm text-slate-600">{description ?? 'This screen is on its way. Your data keeps syncing in the meantime.'}</p>
    </Card>
  );
}
