// `npm run bench`: every benchmark in turn, each printing its figures.
export {};
await import('./bundle-size.js');
await import('./backfill.js');
await import('./reports.js');
await import('./load.js');
await import('./first-run.js');
await import('./emulator-timing.js');
await import('./memory.js');
