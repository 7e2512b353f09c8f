import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The Express server serves this build at /admin (with an SPA fallback); in `npm run dev -w admin-ui`
// Vite proxies the API to that server.
export default defineConfig({
  base: '/admin/',
  plugins: [react()],
  server: { proxy: { '/api': 'http://127.0.0.1:3000', '/uploads': 'http://127.0.0.1:3000' } },
  build: { outDir: 'dist', emptyOutDir: true, chunkSizeWarningLimit: 2500 },
});
