// `npm run bench`: every benchmark in turn, each printing its figures.
await import('./bundle-size.js');
