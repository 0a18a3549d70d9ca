/** @module routes/auth/sign-out — POST `/sign-out`: ends this device's session and goes home. */
import { signOut } from '@lanes/data/account/sign-out';
import { redirect } from 'react-router';
import { getSupabase } from '#app/lib/supabase.server.ts';
import type { Route } from './+types/sign-out.ts';

export async function action({ context }: Route.ActionArgs) {
  await signOut(getSupabase(context).client);
  throw redirect('/');
}

export function loader() {
  throw redirect('/');
}
