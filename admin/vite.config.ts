import react from '@vitejs/plugin-react';
import type { UserConfig } from 'vite';

/**
 * Static files served under /admin/ (by the site server, or nginx in front of it). The API's origin is not built
 * in: the app reads it at start from /admin/config.json, which the site server answers from its own API_ORIGIN, so
 * one build serves every environment. `npm run dev -w admin` proxies that file to a running site server.
 */
export default {
  base: '/admin/',
  plugins: [react()],
  build: { target: 'es2022', outDir: 'dist', emptyOutDir: true, sourcemap: false, chunkSizeWarningLimit: 2000 },
  server: { port: 5173, proxy: { '/admin/config.json': 'http://localhost:8080' } },
} satisfies UserConfig;
