import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';

const API_ORIGIN = 'http://localhost:3000';

const ICON_MODULE = /[\\/]@ant-design[\\/]icons[\\/]es[\\/]icons[\\/]/;
const ICON_COMPONENTS: Record<string, string> = {
  '../components/AntdIconLight': fileURLToPath(new URL('./src/icons/AntdIconLight.tsx', import.meta.url)),
  '../components/AntdIcon': fileURLToPath(new URL('./src/icons/AntdIcon.tsx', import.meta.url)),
};

/**
 * Icons are decorative: a button is named "Start", not "play-circle Start". Every icon of
 * @ant-design/icons (ours and antd's own) renders through one of two components; each icon
 * module's import of it is pointed at ours (src/icons), which hides the icon from assistive
 * technology unless it has a label of its own. One place instead of aria-hidden on each icon.
 */
function decorativeIcons(): Plugin {
  return {
    name: 'ringcast-decorative-icons',
    enforce: 'pre',
    resolveId(source, importer) {
      if (!importer || !ICON_MODULE.test(importer)) return null;
      return ICON_COMPONENTS[source] ?? null;
    },
  };
}

export default defineConfig({
  // Explicit so the build lands in frontend/dist whichever directory vite is started from.
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [decorativeIcons(), react()],
  // The dev server's prebundled antd and icons go through the same swap.
  optimizeDeps: { rolldownOptions: { plugins: [decorativeIcons()] } },
  server: {
    proxy: {
      '/api': API_ORIGIN,
      // The queue dashboard (bull-board) is the api's page, not the SPA's.
      '/admin/queues': API_ORIGIN,
      '/webhooks': API_ORIGIN,
      '/sandbox': API_ORIGIN,
      '/socket.io': { target: API_ORIGIN, ws: true },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // Only what every page needs is grouped; antd stays split per component so lazy pages
          // do not drag their widgets into the first load.
          groups: [
            { name: 'react-vendor', test: /node_modules[\\/](react|react-dom|react-router|scheduler)[\\/]/ },
          ],
        },
      },
    },
  },
});
