/** @module features/settings/member-row — one member: who, their role (changeable where allowed), remove. */
import { useFetcher } from 'react-router';
import { Avatar } from '../../components/avatar.tsx';
import { Button } from '../../components/button.tsx';
import { ROLE_LABELS, RoleSelect } from './role-select.tsx';
import type { SettingsActionData } from './settings-actions.server.ts';
import type { SettingsMember } from './settings-data.server.ts';

export function MemberRow({ member, workspaceName }: { member: SettingsMember; workspaceName: string }) {
  const roleFetcher = useFetcher<SettingsActionData>();
  const removeFetcher = useFetcher<SettingsActionData>();
  const answer = removeFetcher.data ?? roleFetcher.data;
  const error = answer?.errors ? (answer.errors.form ?? Object.values(answer.errors.fields)[0]) : undefined;
  const who = member.isMe ? `${member.name} (you)` : member.name;
  return (
    <li className="settings-row" aria-label={member.name}>
      <Avatar name={member.name} path={member.avatarPath} size={32} />
      <div className="settings-who">
        <span className="settings-name">{who}</span>
        <span className="settings-detail">{member.email}</span>
      </div>
      {member.roleOptions.length > 1 ? (
        <roleFetcher.Form method="post" className="settings-inline">
          <input type="hidden" name="intent" value="change-role" />
          <input type="hidden" name="userId" value={member.userId} />
          <RoleSelect
            label={`Role of ${member.name}`}
            hideLabel
            options={member.roleOptions}
            defaultValue={member.role}
          />
          <Button variant="secondary" pending={roleFetcher.state !== 'idle'}>
            Change role
          </Button>
        </roleFetcher.Form>
      ) : (
        <span className="badge">{ROLE_LABELS[member.role]}</span>
      )}
      {member.removable ? (
        <details className="settings-confirm">
          <summary className="btn btn-quiet">Remove</summary>
          <removeFetcher.Form method="post">
            <input type="hidden" name="intent" value="remove" />
            <input type="hidden" name="userId" value={member.userId} />
            <Button variant="secondary" className="btn-danger" pending={removeFetcher.state !== 'idle'}>
              Remove {member.name} from {workspaceName}
            </Button>
          </removeFetcher.Form>
        </details>
      ) : null}
      {error ? (
        <p className="field-error settings-row-message" role="alert">
          {error}
        </p>
      ) : answer?.notice ? (
        <p className="settings-row-message" role="status">
          {answer.notice}
        </p>
      ) : null}
    </li>
  );
}
