/** @module react-router.config — framework mode with server rendering (React Router 8 defaults). */
import type { Config } from '@react-router/dev/config';

export default {
  appDirectory: 'app',
  ssr: true,
} satisfies Config;
