import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { Avatar } from './avatar.tsx';
import { initials } from './avatar-url.ts';

const API = 'http://127.0.0.1:54321';

describe('Avatar', () => {
  it('offers the 48 and 96 px transforms with explicit dimensions, lazily', () => {
    const html = renderToStaticMarkup(
      <Avatar name="Ada Lovelace" path="u1/pic one.png" size={24} supabaseUrl={API} />,
    );
    const url = (w: number) =>
      `${API}/storage/v1/render/image/public/avatars/u1/pic%20one.png?width=${w}&amp;height=${w}&amp;resize=cover`;
    expect(html).toContain(`srcSet="${url(48)} 48w, ${url(96)} 96w"`);
    expect(html).toContain(`src="${url(48)}"`);
    expect(html).toContain('sizes="24px"');
    expect(html).toContain('width="24" height="24"');
    expect(html).toContain('loading="lazy"');
    expect(html).toContain('alt="Ada Lovelace"');
  });

  it('loads eagerly above the fold', () => {
    const html = renderToStaticMarkup(
      <Avatar name="Bo" path="u2/a.webp" size={48} eager supabaseUrl={API} />,
    );
    expect(html).toContain('loading="eager"');
    expect(html).toContain('width=96');
  });

  it('shows initials without a picture', () => {
    const html = renderToStaticMarkup(<Avatar name="carol" path={null} supabaseUrl={API} />);
    expect(html).toContain('role="img"');
    expect(html).toContain('aria-label="carol"');
    expect(html).toContain('>C</span>');
  });

  it('takes the first and last initials', () => {
    expect(initials('Ada Byron Lovelace')).toBe('AL');
    expect(initials('  émile ')).toBe('É');
    expect(initials('')).toBe('?');
  });
});
