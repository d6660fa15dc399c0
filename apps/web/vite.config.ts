import { fileURLToPath, URL } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { flagImages } from './flag-images-plugin.ts';
import { precompress } from './precompress-plugin.ts';

const apiTarget = process.env.CAUSEWAY_API_URL ?? 'http://127.0.0.1:8080';

export default defineConfig({
  plugins: [react(), tailwindcss(), flagImages(), precompress()],
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  build: {
    // The manifest lets bench/ weigh the initial JS of every entry route.
    manifest: true,
    sourcemap: false,
    target: 'es2022',
  },
  // The server's own pages too: the default legal pages (/en/legal/terms, ...) and the site icon.
  server: {
    proxy: {
      '/prod-api': apiTarget,
      '/sandbox': apiTarget,
      '/uploads': apiTarget,
      '/help-centre': apiTarget,
      '^/(en|zh)/legal/': apiTarget,
      '/favicon.ico': apiTarget,
    },
  },
});
