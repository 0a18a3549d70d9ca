/** @module features/settings/member-row — one member: who, their role (changeable where allowed), remove. */
import { useFetcher } from 'react-router';
import { Avatar } from '#app/components/avatar.tsx';
import { Button } from '#app/components/button.tsx';
import { ROLE_LABELS, RoleSelect } from './role-select.tsx';
import { RowMessage } from './row-message.tsx';
import type { SettingsActionData } from './settings-actions.server.ts';
import type { SettingsMember } from './settings-data.server.ts';

export function MemberRow({ member, workspaceName }: { member: SettingsMember; workspaceName: string }) {
  // One form per row, its buttons naming the intent: half the markup of a form per action (50-member pages).
  const fetcher = useFetcher<SettingsActionData>();
  const busy = (intent: string) => fetcher.state !== 'idle' && fetcher.formData?.get('intent') === intent;
  const canChange = member.roleOptions.length > 1;
  return (
    <li className="settings-row" aria-label={member.name}>
      <Avatar name={member.name} path={member.avatarPath} size={32} />
      <div className="settings-who">
        <span className="settings-name">{member.isMe ? `${member.name} (you)` : member.name}</span>
        <span className="settings-detail">{member.email}</span>
      </div>
      {canChange || member.removable ? (
        <fetcher.Form method="post" className="settings-inline">
          <input type="hidden" name="userId" value={member.userId} />
          {canChange ? (
            <>
              <RoleSelect
                label={`Role of ${member.name}`}
                hideLabel
                options={member.roleOptions}
                defaultValue={member.role}
              />
              <Button variant="secondary" name="intent" value="change-role" pending={busy('change-role')}>
                Change role
              </Button>
            </>
          ) : (
            <span className="badge">{ROLE_LABELS[member.role]}</span>
          )}
          {member.removable ? (
            <details className="settings-confirm">
              <summary className="btn btn-quiet">Remove</summary>
              <Button variant="danger" name="intent" value="remove" pending={busy('remove')}>
                {`Remove ${member.name} from ${workspaceName}`}
              </Button>
            </details>
          ) : null}
        </fetcher.Form>
      ) : (
        <span className="badge">{ROLE_LABELS[member.role]}</span>
      )}
      <RowMessage answer={fetcher.data} />
    </li>
  );
}
