import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The API runs on the Express server (npm start); in `npm run dev -w affiliate-ui` Vite proxies to it.
export default defineConfig({
  plugins: [react()],
  server: { proxy: { '/api': 'http://127.0.0.1:3000', '/uploads': 'http://127.0.0.1:3000' } },
  build: { outDir: 'dist', emptyOutDir: true, chunkSizeWarningLimit: 1500 },
});
