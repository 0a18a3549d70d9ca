/**
 * @module auth/templates — renders and delivers auth emails: GoTrue's default subjects with our own bodies,
 * or the project's templates from config.toml (`[auth.email.template.<kind>]` subject and `content_path`),
 * filled with the variables GoTrue's templates see (`{{ .ConfirmationURL }}`, `{{ .Token }}`,
 * `{{ .TokenHash }}`, `{{ .SiteURL }}`, `{{ .RedirectTo }}`, `{{ .Email }}`, `{{ .NewEmail }}`,
 * `{{ .Data.<key> }}`). Only plain substitutions are supported, not Go template logic.
 */
import { existsSync, readFileSync } from 'node:fs';
import { isAbsolute, join } from 'node:path';
import { escapeHtml } from '../inbox/inbox.ts';
import { actionLink, type EmailKind } from './mail.ts';
import type { AuthService } from './state.ts';

/** Our kinds → config.toml's template names. */
const CONFIG_KIND: Record<EmailKind, string> = {
  signup: 'confirmation',
  invite: 'invite',
  magiclink: 'magic_link',
  recovery: 'recovery',
  email_change: 'email_change',
  reauthentication: 'reauthentication',
};

/** Subjects as GoTrue's defaults (apps and tests match on them); the bodies are our own words. */
const DEFAULTS: Record<EmailKind, { subject: string; heading: string; intro: string; button: string }> = {
  signup: {
    subject: 'Confirm Your Email',
    heading: 'Confirm your email address',
    intro: 'Open this link to finish signing up:',
    button: 'Confirm my email',
  },
  invite: {
    subject: 'You have been invited',
    heading: 'An invitation for you',
    intro: 'Open this link to accept the invitation and create your account:',
    button: 'Accept invitation',
  },
  magiclink: {
    subject: 'Your Magic Link',
    heading: 'Sign in',
    intro: 'Open this link to sign in:',
    button: 'Sign in',
  },
  recovery: {
    subject: 'Reset Your Password',
    heading: 'Password reset',
    intro: 'Open this link to choose a new password:',
    button: 'Choose a new password',
  },
  email_change: {
    subject: 'Confirm Email Change',
    heading: 'Confirm your new email address',
    intro: 'Open this link to confirm the change of your email address:',
    button: 'Confirm the change',
  },
  reauthentication: {
    subject: 'Confirm reauthentication',
    heading: 'Confirm it is you',
    intro: 'Use this code to confirm the change you asked for.',
    button: '',
  },
};

export interface Outgoing {
  to: string;
  type: EmailKind;
  otp: string;
  /** The hashed token the link carries (`pkce_`-prefixed for PKCE flows); none for reauthentication. */
  token: string | null;
  redirectTo: string;
  email: string;
  newEmail?: string;
  data: Record<string, unknown>;
}

/** Replaces `{{ .Name }}` and `{{ .Data.key }}`; HTML-escapes values in bodies. */
export function render(template: string, vars: Record<string, unknown>, html: boolean): string {
  return template.replace(
    /\{\{-?\s*\.([A-Za-z]+)(?:\.([A-Za-z0-9_]+))?\s*-?\}\}/g,
    (_, name: string, key?: string) => {
      const value = key ? (vars[name] as Record<string, unknown> | undefined)?.[key] : vars[name];
      const text =
        value === undefined || value === null
          ? ''
          : typeof value === 'object'
            ? JSON.stringify(value)
            : String(value);
      return html && name !== 'ConfirmationURL' ? escapeHtml(text) : text;
    },
  );
}

/** A text part for the inbox from an HTML body: links kept as `label (url)`, tags dropped. */
function textOf(html: string): string {
  return html
    .replace(/<a\s[^>]*href="([^"]*)"[^>]*>(.*?)<\/a>/gis, '$2 ($1)')
    .replace(/<br\s*\/?>|<\/p>|<\/h\d>/gi, '\n')
    .replace(/<[^>]+>/g, '')
    .replace(/&amp;/g, '&')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

function projectTemplate(service: AuthService, type: EmailKind): { subject?: string; body?: string } {
  const configured = service.config.email.templates[CONFIG_KIND[type]];
  if (!configured) return {};
  let body: string | undefined;
  if (configured.contentPath) {
    const { workdir, supabaseDir } = service.stack.config;
    const candidates = isAbsolute(configured.contentPath)
      ? [configured.contentPath]
      : [join(workdir, configured.contentPath), join(supabaseDir, configured.contentPath)];
    const file = candidates.find((f) => existsSync(f));
    // Read on every email, so edits to a template show up without a restart.
    if (file) body = readFileSync(file, 'utf8');
    else service.stack.log('auth', `email template not found: ${configured.contentPath}`);
  }
  return { ...(configured.subject ? { subject: configured.subject } : {}), ...(body ? { body } : {}) };
}

/** Renders one auth email (the project's template when it has one) and puts it in the inbox. */
export function deliver(service: AuthService, mail: Outgoing): void {
  const link =
    mail.token && mail.type !== 'reauthentication'
      ? actionLink(service, mail.token, mail.type, mail.redirectTo)
      : null;
  const vars: Record<string, unknown> = {
    SiteURL: service.config.siteUrl,
    ConfirmationURL: link ?? '',
    Email: mail.email,
    NewEmail: mail.newEmail ?? '',
    Token: mail.otp,
    TokenHash: mail.token ?? '',
    SendingTo: mail.to,
    Data: mail.data,
    RedirectTo: mail.redirectTo,
  };
  const d = DEFAULTS[mail.type];
  const custom = projectTemplate(service, mail.type);
  const subject = render(custom.subject ?? d.subject, vars, false);
  if (custom.body) {
    const html = render(custom.body, vars, true);
    service.stack.inbox.send({ to: mail.to, subject, text: textOf(html), html });
    return;
  }
  const anchor = link ? `\n<p><a href="${escapeHtml(link)}">${d.button}</a></p>` : '';
  const html = `<h2>${d.heading}</h2>\n<p>${d.intro}</p>${anchor}\n<p>Or enter this code: ${mail.otp}</p>`;
  const text = `${d.heading}\n\n${d.intro}\n${link ? `${link}\n` : ''}\nOr enter this code: ${mail.otp}\n`;
  service.stack.inbox.send({ to: mail.to, subject, text, html });
}
