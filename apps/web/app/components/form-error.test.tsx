import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { FormError } from './form-error.tsx';
import { TextField } from './text-field.tsx';

describe('FormError', () => {
  it('renders nothing when every child is empty', () => {
    expect(
      renderToStaticMarkup(
        <FormError>
          {null}
          {false}
        </FormError>,
      ),
    ).toBe('');
  });

  it('is a focusable alert when it has a message', () => {
    expect(
      renderToStaticMarkup(
        <FormError>
          <p>Wrong email or password.</p>
        </FormError>,
      ),
    ).toBe(
      '<div class="form-error" role="alert" tabindex="-1" data-form-error=""><p>Wrong email or password.</p></div>',
    );
  });
});

describe('TextField', () => {
  it('ties the label, the error and the description to the input', () => {
    const html = renderToStaticMarkup(
      <TextField
        label="Address"
        name="slug"
        error="This address is reserved."
        description="Lowercase only."
      />,
    );
    const id = /<input id="([^"]+)"/.exec(html)?.[1];
    expect(html).toContain(`<label for="${id}">Address</label>`);
    expect(html).toContain('aria-invalid="true"');
    expect(html).toContain(`aria-describedby="${id}-error ${id}-description"`);
    expect(html).toContain(`<p class="field-error" id="${id}-error">This address is reserved.`);
  });

  it('is not marked invalid without an error', () => {
    const html = renderToStaticMarkup(<TextField label="Name" name="name" />);
    expect(html).not.toContain('aria-invalid');
    expect(html).not.toContain('aria-describedby');
  });
});
