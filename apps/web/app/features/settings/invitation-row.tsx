/** @module features/settings/invitation-row — one pending invitation: to whom, which role, expiry; resend, revoke. */
import { useFetcher } from 'react-router';
import { Button } from '#app/components/button.tsx';
import { ROLE_LABELS } from './role-select.tsx';
import { RowMessage } from './row-message.tsx';
import type { SettingsActionData } from './settings-actions.server.ts';
import type { SettingsInvitation } from './settings-data.server.ts';

export function InvitationRow({
  invitation,
  canSend,
  cooldownId,
}: {
  invitation: SettingsInvitation;
  /** False while this hour's email budget is spent. */
  canSend: boolean;
  /** The element explaining why resending waits. */
  cooldownId: string;
}) {
  const fetcher = useFetcher<SettingsActionData>();
  const busy = fetcher.state !== 'idle';
  return (
    <li className="settings-row" aria-label={invitation.email}>
      <div className="settings-who">
        <span className="settings-name">{invitation.email}</span>
        <span className="settings-detail">
          {ROLE_LABELS[invitation.role]} ·{' '}
          {invitation.expired ? `Expired ${invitation.expires}` : `Pending, expires ${invitation.expires}`}
        </span>
      </div>
      <fetcher.Form method="post" className="settings-inline">
        <input type="hidden" name="invitationId" value={invitation.id} />
        <Button
          variant="secondary"
          name="intent"
          value="resend"
          pending={busy && fetcher.formData?.get('intent') === 'resend'}
          disabled={!canSend}
          aria-describedby={canSend ? undefined : cooldownId}
        >
          Resend
        </Button>
        <Button
          variant="quiet"
          name="intent"
          value="revoke"
          pending={busy && fetcher.formData?.get('intent') === 'revoke'}
        >
          Revoke
        </Button>
      </fetcher.Form>
      <RowMessage answer={fetcher.data} />
    </li>
  );
}
