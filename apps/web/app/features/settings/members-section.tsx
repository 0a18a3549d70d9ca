/** @module features/settings/members-section — everyone in the workspace, live; managers change roles and remove. */

import { MemberRow } from './member-row.tsx';
import type { SettingsMember } from './settings-data.server.ts';

export function MembersSection({
  members,
  workspaceName,
}: {
  members: SettingsMember[];
  workspaceName: string;
}) {
  return (
    <section aria-labelledby="members-title" className="panel settings-section">
      <h2 id="members-title">
        Members <span className="settings-count">{members.length}</span>
      </h2>
      <ul className="settings-list" aria-labelledby="members-title">
        {members.map((member) => (
          <MemberRow key={member.userId} member={member} workspaceName={workspaceName} />
        ))}
      </ul>
    </section>
  );
}
