/**
 * @module features/account/avatar-field — the profile picture: upload from the browser with progress (straight
 * to Storage; the 2 MB and type rules are checked before any byte is sent), and remove.
 */
import { uploadAvatar } from '@lanes/data/avatars/upload-avatar';
import { LanesError } from '@lanes/shared/errors';
import { checkAvatarFile } from '@lanes/shared/schemas/avatar';
import { useId, useState } from 'react';
import { Form, useNavigation, useRevalidator } from 'react-router';
import { Avatar } from '#app/components/avatar.tsx';
import { Button } from '#app/components/button.tsx';
import { FormError } from '#app/components/form-error.tsx';
import { toFormErrors } from '#app/lib/form-errors.ts';
import { usePublicEnv } from '#app/lib/public-env.ts';
import { getBrowserClient } from '#app/lib/supabase.client.ts';
import type { AccountActionData } from './account-actions.server.ts';

type Upload = { state: 'idle' } | { state: 'sending'; percent: number } | { state: 'error'; message: string };

export function AvatarField({
  name,
  avatarPath,
  result,
}: {
  name: string;
  avatarPath: string | null;
  result: AccountActionData | undefined;
}) {
  const env = usePublicEnv();
  const revalidator = useRevalidator();
  const navigation = useNavigation();
  const [upload, setUpload] = useState<Upload>({ state: 'idle' });
  const inputId = useId();
  const hintId = `${inputId}-hint`;
  const removing = navigation.formData?.get('intent') === 'remove-avatar';
  const removeError = result?.intent === 'remove-avatar' ? result.errors?.form : undefined;

  async function send(file: File) {
    try {
      checkAvatarFile(file);
    } catch (error) {
      setUpload({ state: 'error', message: error instanceof LanesError ? error.message : String(error) });
      return;
    }
    setUpload({ state: 'sending', percent: 0 });
    try {
      await uploadAvatar(getBrowserClient(env), { file }, (sent, total) =>
        setUpload({ state: 'sending', percent: total ? Math.round((100 * sent) / total) : 0 }),
      );
      setUpload({ state: 'idle' });
      // The header, this page and the board read the profile from loaders.
      await revalidator.revalidate();
    } catch (error) {
      const errors = toFormErrors(error);
      setUpload({
        state: 'error',
        message: errors.form ?? Object.values(errors.fields)[0] ?? 'Upload failed.',
      });
    }
  }

  const error = upload.state === 'error' ? upload.message : removeError;
  return (
    <div className="avatar-field">
      <Avatar name={name} path={avatarPath} size={48} eager />
      <div className="avatar-field-controls">
        <label htmlFor={inputId} className="btn btn-secondary avatar-upload-label">
          {avatarPath ? 'Change picture' : 'Upload a picture'}
        </label>
        <input
          id={inputId}
          className="visually-hidden"
          type="file"
          accept="image/png,image/jpeg,image/webp"
          aria-describedby={hintId}
          disabled={upload.state === 'sending'}
          onChange={(event) => {
            const file = event.currentTarget.files?.[0];
            event.currentTarget.value = '';
            if (file) void send(file);
          }}
        />
        {avatarPath ? (
          <Form method="post">
            <Button variant="quiet" name="intent" value="remove-avatar" pending={removing}>
              Remove picture
            </Button>
          </Form>
        ) : null}
        <p className="field-description" id={hintId}>
          PNG, JPEG or WebP, up to 2 MB.
        </p>
        {upload.state === 'sending' ? (
          <div className="avatar-progress" role="status">
            <progress max={100} value={upload.percent} aria-label="Uploading picture" />
            <span>{upload.percent}%</span>
          </div>
        ) : null}
        <FormError>{error ? <p>{error}</p> : null}</FormError>
      </div>
    </div>
  );
}
