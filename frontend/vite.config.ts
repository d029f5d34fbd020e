import react from '@vitejs/plugin-react';
import vike from 'vike/plugin';
import type { UserConfig } from 'vite';

export default {
  plugins: [react(), vike()],
  build: {
    target: 'es2022',
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            {
              name: 'framework',
              test: /^\0rolldown[\\/]runtime|node_modules[\\/](react|react-dom|scheduler|vike|vike-react|@brillout)[\\/]|[\\/]pages[\\/]\+(Layout|guard|onPageTransitionStart|onPageTransitionEnd)\.tsx?$/,
              priority: 10,
            },
            // What a profile shows before any click, in one file rather than three (profiles, drafts, the editor).
            { name: 'profile', test: /[\\/]components[\\/](ProfileView|MobileFooter|EnquiryButton|MediaPlayer)\.tsx$/, priority: 5 },
          ],
        },
      },
    },
  },
} satisfies UserConfig;
