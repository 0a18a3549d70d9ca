/**
 * @module features/settings/leave-section — leave the workspace. The last owner is refused (LAST_OWNER), and the
 * answer explains what to do instead, as SPEC §8 asks of that error.
 */
import { Form, useNavigation } from 'react-router';
import { Button } from '#app/components/button.tsx';
import type { SettingsActionData } from './settings-actions.server.ts';

export function LeaveSection({
  workspaceName,
  isOwner,
  result,
}: {
  workspaceName: string;
  isOwner: boolean;
  result: SettingsActionData | undefined;
}) {
  const navigation = useNavigation();
  const pending = navigation.state !== 'idle' && navigation.formData?.get('intent') === 'leave';
  const refusal = result?.errors;
  return (
    <section aria-labelledby="leave-title" className="panel settings-section">
      <h2 id="leave-title">Leave workspace</h2>
      <p className="settings-detail">
        You will lose access to {workspaceName} and its boards until someone invites you again.
      </p>
      {refusal?.code === 'LAST_OWNER' ? (
        <div className="form-error" role="alert" tabIndex={-1} data-form-error="">
          <p>
            <strong>You are the last owner of {workspaceName}.</strong> {refusal.form}
          </p>
          <p>
            To hand it over, choose Owner as another member's role above, then leave.
            {isOwner ? ' Or, if nobody needs the workspace any more, delete it below.' : null}
          </p>
        </div>
      ) : refusal ? (
        <div className="form-error" role="alert">
          <p>{refusal.form ?? 'Could not leave the workspace.'}</p>
        </div>
      ) : null}
      <Form method="post">
        <input type="hidden" name="intent" value="leave" />
        <Button variant="secondary" pending={pending}>
          Leave {workspaceName}
        </Button>
      </Form>
    </section>
  );
}
