/**
 * @module auth/settings — `GET /settings` as GoTrue answers it: which providers are on, signup and
 * autoconfirm switches, passkeys. Only email (and anonymous sign-ins, when enabled) exist in the local stack.
 */
import type { StackConfig } from '../config.ts';

/** The OAuth providers GoTrue knows (all off locally), plus email and phone. */
export const EXTERNAL = [
  'apple',
  'azure',
  'bitbucket',
  'discord',
  'facebook',
  'snapchat',
  'figma',
  'fly',
  'github',
  'gitlab',
  'google',
  'keycloak',
  'kakao',
  'linkedin',
  'linkedin_oidc',
  'notion',
  'spotify',
  'slack',
  'slack_oidc',
  'workos',
  'twitch',
  'twitter',
  'email',
  'phone',
  'zoom',
];

export function settings(auth: StackConfig['auth']): Record<string, unknown> {
  const external: Record<string, boolean> = { anonymous_users: auth.enableAnonymousSignIns };
  for (const name of EXTERNAL) external[name] = name === 'email' ? auth.email.enabled : false;
  return {
    external,
    disable_signup: !auth.enableSignup,
    mailer_autoconfirm: !auth.email.enableConfirmations,
    phone_autoconfirm: false,
    sms_provider: 'twilio',
    saml_enabled: false,
    saml_private_key_next_configured: false,
    passkeys_enabled: auth.passkey.enabled,
  };
}
