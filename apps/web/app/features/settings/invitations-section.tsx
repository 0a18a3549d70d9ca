/**
 * @module features/settings/invitations-section — invite by email and role (SPEC §5 rules), and the pending
 * invitations with their expiry; resend and revoke. Shows this hour's email budget and, once it is spent, when
 * the next email can go (the SPEC §9 cool-down).
 */
import { INVITABLE_ROLES, LIMITS, type Role } from '@lanes/shared/constants';
import { canInvite, inviteMemberInputFor } from '@lanes/shared/schemas/invitation';
import { useId } from 'react';
import { Form } from 'react-router';
import { Button } from '#app/components/button.tsx';
import { FormError, FormNotice } from '#app/components/form-error.tsx';
import { TextField } from '#app/components/text-field.tsx';
import { useValidatedForm } from '#app/lib/use-validated-form.ts';
import { InvitationRow } from './invitation-row.tsx';
import { RoleSelect } from './role-select.tsx';
import type { SettingsActionData } from './settings-actions.server.ts';
import type { SettingsData } from './settings-data.server.ts';

const ORDER = ['email', 'role'] as const;

export function InvitationsSection({
  workspaceId,
  myRole,
  invitations,
  budget,
  result,
}: {
  workspaceId: string;
  myRole: Role;
  invitations: SettingsData['invitations'];
  budget: NonNullable<SettingsData['budget']>;
  result: SettingsActionData | undefined;
}) {
  const schema = inviteMemberInputFor(myRole);
  const form = useValidatedForm(schema, result?.errors, ORDER, 'invite');
  const cooldownId = useId();
  const canSend = budget.remaining > 0;
  const sent = result?.done && !result.errors;
  return (
    <section aria-labelledby="invitations-title" className="panel settings-section">
      <h2 id="invitations-title">Invitations</h2>
      <Form
        method="post"
        className="form settings-invite"
        ref={form.formRef}
        onSubmit={form.onSubmit}
        noValidate
        // A fresh form after each invitation sent, so the fields are empty for the next one.
        key={sent ? result.done : 'invite'}
      >
        <input type="hidden" name="intent" value="invite" />
        <input type="hidden" name="workspaceId" value={workspaceId} />
        <TextField
          label="Email"
          name="email"
          type="email"
          autoComplete="off"
          required
          maxLength={254}
          defaultValue={result?.errors ? result.values?.email : undefined}
          error={form.errors?.fields.email}
          autoFocus={form.focusField === 'email'}
        />
        <RoleSelect
          label="Role"
          options={INVITABLE_ROLES.filter((role) => canInvite(myRole, role))}
          defaultValue={(result?.errors ? result.values?.role : undefined) ?? 'member'}
          error={form.errors?.fields.role}
        />
        <FormError>{form.errors?.form ? <p>{form.errors.form}</p> : null}</FormError>
        <FormNotice>{sent ? <p>{result.done}</p> : null}</FormNotice>
        <Button pending={form.pending} disabled={!canSend} aria-describedby={cooldownId}>
          Send invitation
        </Button>
      </Form>
      <p id={cooldownId} className="settings-detail">
        {canSend
          ? `${budget.remaining} of ${LIMITS.invitationEmailsPerWorkspacePerHour} invitation emails left this hour.`
          : `All ${LIMITS.invitationEmailsPerWorkspacePerHour} invitation emails of this hour are sent. The next one can go ${budget.nextIn ?? 'soon'}.`}
      </p>
      {invitations.length ? (
        <ul className="settings-list" aria-label="Pending invitations">
          {invitations.map((invitation) => (
            <InvitationRow
              key={invitation.id}
              invitation={invitation}
              canSend={canSend}
              cooldownId={cooldownId}
            />
          ))}
        </ul>
      ) : (
        <p className="empty-state">No pending invitations. Invite teammates by email above.</p>
      )}
    </section>
  );
}
