/**
 * @module features/import/import-form — choose a Trello export and import it. With JavaScript the file is read
 * in the browser first: over 10 MB, not JSON or not a Trello board is said at once, and a preview counts what
 * will come in. Without JavaScript the form posts the file as it is and the server says the same things.
 */
import type { ImportReport as Report } from '@lanes/shared/schemas/trello';
import { TRELLO_EXPORT_MAX_BYTES } from '@lanes/shared/schemas/trello';
import { normaliseTrelloExport, readTrelloFile, tooLarge } from '@lanes/shared/trello/normalise';
import { type ChangeEvent, useEffect, useState } from 'react';
import { Form, useNavigation } from 'react-router';
import { Button } from '#app/components/button.tsx';
import { FormError } from '#app/components/form-error.tsx';
import { ImportReport } from './import-report.tsx';

type Preview = { report: Report; name: string } | { error: string } | null;

async function previewOf(file: File): Promise<Preview> {
  try {
    if (file.size > TRELLO_EXPORT_MAX_BYTES) throw tooLarge();
    const { rows, report } = normaliseTrelloExport(readTrelloFile(await file.text()));
    return { report, name: rows.board.name };
  } catch (error) {
    return { error: error instanceof Error ? error.message : 'This file cannot be read.' };
  }
}

export function ImportForm({ serverError }: { serverError: string | undefined }) {
  const [preview, setPreview] = useState<Preview>(null);
  // Says when the preview is live (tests wait for it; a file chosen before then is checked by the server).
  const [ready, setReady] = useState(false);
  useEffect(() => setReady(true), []);
  const navigation = useNavigation();
  const pending = navigation.state === 'submitting';
  const fileError = preview && 'error' in preview ? preview.error : undefined;

  async function onChange(event: ChangeEvent<HTMLInputElement>) {
    const file = event.currentTarget.files?.[0];
    setPreview(file ? await previewOf(file) : null);
  }

  return (
    <Form
      method="post"
      encType="multipart/form-data"
      className="form import-form"
      data-ready={ready || undefined}
    >
      <div className="field">
        <label htmlFor="import-file">Trello export (JSON, up to 10 MB)</label>
        <input
          id="import-file"
          name="file"
          type="file"
          accept="application/json,.json"
          required
          onChange={onChange}
          aria-invalid={fileError ? true : undefined}
          aria-describedby={fileError ? 'import-file-error import-file-help' : 'import-file-help'}
        />
        <p id="import-file-help" className="field-description">
          In Trello, open the board's menu, then Print, export and share, then Export as JSON.
        </p>
        {fileError ? (
          <p id="import-file-error" className="field-error" role="alert">
            {fileError}
          </p>
        ) : null}
      </div>
      {preview && 'report' in preview ? (
        <ImportReport report={preview.report} title={`“${preview.name}” holds`} />
      ) : null}
      <FormError>{serverError ? <p>{serverError}</p> : null}</FormError>
      <Button pending={pending} disabled={Boolean(fileError)}>
        {pending ? 'Importing…' : 'Import as a new board'}
      </Button>
    </Form>
  );
}
