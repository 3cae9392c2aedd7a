import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';

export default defineConfig({
  plugins: [react(), tailwindcss()],
  server: {
    port: 5173,
    // `npm run dev --workspace web` against a server started with `npm start` (or `npm run dev --workspace server`)
    proxy: { '/api': 'http://localhost:3000', '/sandbox': 'http://localhost:3000', '/socket.io': { target: 'http://localhost:3000', ws: true } },
  },
  // The manifest lets bench/ work out what a first visit downloads.
  build: { outDir: 'dist', sourcemap: false, manifest: true, chunkSizeWarningLimit: 600 },
});
