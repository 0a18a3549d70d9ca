/** @module lib/public-env — the browser-safe settings from the root loader, for components that build URLs. */
import { createContext, useContext } from 'react';

export interface PublicEnv {
  SUPABASE_URL: string;
  SUPABASE_ANON_KEY: string;
}

export const PublicEnvContext = createContext<PublicEnv | null>(null);

export function usePublicEnv(): PublicEnv {
  const value = useContext(PublicEnvContext);
  if (!value) throw new Error('usePublicEnv outside the root layout');
  return value;
}
