/** @module react-router.config — framework mode with server rendering (React Router 8 defaults). */
import type { Config } from '@react-router/dev/config';

export default {
  appDirectory: 'app',
  ssr: true,
  // Every route in the first load's manifest (a few KB): with lazy discovery each new task URL first asked the
  // server which routes match it, a round trip in front of the panel's data on every card opened (decision 119).
  routeDiscovery: { mode: 'initial' },
} satisfies Config;
