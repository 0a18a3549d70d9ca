/**
 * @module features/account/notifications-form — the account's Notifications section: for each kind, in the app
 * only, an email at once or the daily digest; and the time zone the digest and reminders follow (08:00 there).
 * A plain POST form; a refused value keeps what was chosen and says why beside it.
 */
import { NOTIFICATION_DELIVERIES, NOTIFICATION_KINDS } from '@lanes/shared/constants';
import type { NotificationPreferences } from '@lanes/shared/schemas/notification';
import { useId } from 'react';
import { Form, useNavigation } from 'react-router';
import { Button } from '#app/components/button.tsx';
import { FormError, FormNotice } from '#app/components/form-error.tsx';
import type { AccountActionData } from './account-actions.server.ts';
import { DELIVERY_LABELS, KIND_LABELS, timeZoneChoices } from './notification-choices.ts';

export function NotificationsForm({
  preferences,
  timeZone,
  result,
}: {
  preferences: NotificationPreferences;
  timeZone: string;
  result: AccountActionData | undefined;
}) {
  const mine = result?.intent === 'notifications' ? result : undefined;
  const navigation = useNavigation();
  const pending = navigation.formData?.get('intent') === 'notifications';
  const id = useId();
  // After a refusal the form shows what was posted, not what is stored (nothing typed is lost).
  const posted = mine?.errors ? mine.values : undefined;
  const chosenZone = posted?.timeZone ?? timeZone;
  const errors = mine?.errors?.fields ?? {};
  const zoneError = errors.timeZone;
  return (
    <Form method="post" className="form notify-form" noValidate>
      <input type="hidden" name="intent" value="notifications" />
      <p className="field-description notify-intro">
        Everything shows in your inbox. Choose which also reach you by email.
      </p>
      {NOTIFICATION_KINDS.map((kind) => {
        const error = errors[kind];
        const value = posted?.[kind] ?? preferences[kind];
        return (
          <fieldset
            key={kind}
            className="notify-kind"
            aria-describedby={error ? `${id}-${kind}-error` : undefined}
            aria-invalid={error ? true : undefined}
          >
            <legend>{KIND_LABELS[kind]}</legend>
            <div className="notify-options">
              {NOTIFICATION_DELIVERIES.map((delivery) => (
                <label key={delivery} className="notify-option">
                  <input type="radio" name={kind} value={delivery} defaultChecked={value === delivery} />
                  {DELIVERY_LABELS[delivery]}
                </label>
              ))}
            </div>
            {error ? (
              <p className="field-error" id={`${id}-${kind}-error`}>
                {error}
              </p>
            ) : null}
          </fieldset>
        );
      })}
      <div className="field">
        <label htmlFor={`${id}-zone`}>Time zone</label>
        <select
          id={`${id}-zone`}
          name="timeZone"
          defaultValue={chosenZone}
          aria-invalid={zoneError ? true : undefined}
          aria-describedby={`${zoneError ? `${id}-zone-error ` : ''}${id}-zone-description`}
        >
          {timeZoneChoices(chosenZone).map((zone) => (
            <option key={zone} value={zone}>
              {zone.replaceAll('_', ' ')}
            </option>
          ))}
        </select>
        {zoneError ? (
          <p className="field-error" id={`${id}-zone-error`}>
            {zoneError}
          </p>
        ) : null}
        <p className="field-description" id={`${id}-zone-description`}>
          The daily digest and due-date reminders arrive at 8:00 in this time zone.
        </p>
      </div>
      <FormError>{mine?.errors?.form ? <p>{mine.errors.form}</p> : null}</FormError>
      <FormNotice>{mine?.done && !pending ? <p>{mine.done}</p> : null}</FormNotice>
      <Button name="intent" value="notifications" pending={pending}>
        Save notifications
      </Button>
    </Form>
  );
}
