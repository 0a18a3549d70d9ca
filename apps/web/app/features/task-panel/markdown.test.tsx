import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { Markdown } from './markdown.tsx';
import { renderComment, renderMarkdown } from './render-markdown.server.tsx';

// The rendered description, without the component's own wrapper.
const html = (source: string) =>
  renderToStaticMarkup(<Markdown source={source} />).replace(/^<div class="markdown">|<\/div>$/g, '');

describe('Markdown', () => {
  it('renders the usual Markdown', () => {
    const out = html('# Plan\n\n- **one**\n- [docs](https://example.com/docs)\n\n`code`');
    expect(out).toContain('<h1>Plan</h1>');
    expect(out).toContain('<strong>one</strong>');
    expect(out).toContain('href="https://example.com/docs"');
    expect(out).toContain('rel="noopener noreferrer nofollow"');
    expect(out).toContain('<code>code</code>');
  });

  it('never lets a script, an event handler or raw HTML through', () => {
    const out = html(
      '<script>alert(1)</script>\n\n<img src=x onerror="alert(2)">\n\n<div onclick="alert(3)">hi</div>\n\nafter <b onmouseover="alert(4)">bold</b>',
    );
    expect(out).not.toMatch(/<script/i);
    expect(out).not.toMatch(/\son[a-z]+=/i);
    expect(out).not.toMatch(/<img|<div|<b[ >]/i);
    expect(out).toContain('after');
  });

  it('drops javascript:, vbscript: and data: link targets', () => {
    for (const target of [
      'javascript:alert(1)',
      'JaVaScRiPt:alert(1)',
      'vbscript:msgbox(1)',
      'data:text/html,<script>x</script>',
    ]) {
      const out = html(`[click](${target}) and <${target}>`);
      expect(out, target).not.toMatch(/href="[^"]*(javascript|vbscript|data):/i);
      expect(out, target).not.toContain('href=""');
    }
  });

  it('shows images as their alt text, never loading them', () => {
    const out = html('![tracker](https://evil.example/pixel.png)');
    expect(out).not.toContain('<img');
    expect(out).toContain('tracker');
  });

  it('is what the server sends for the panel, and an empty description sends nothing', () => {
    const source = 'Hi <script>alert(1)</script> [x](javascript:alert(1))';
    expect(renderMarkdown(source)).toEqual({
      source,
      html: renderToStaticMarkup(<Markdown source={source} />),
    });
    expect(renderMarkdown(source).html).not.toMatch(/<script|javascript:/i);
    expect(renderMarkdown('  \n').html).toBe('');
  });
});

describe('GitHub-flavoured Markdown', () => {
  it('renders tables, read-only task lists, strikethrough and autolinks', () => {
    const out = html(
      '| Step | Owner |\n| --- | --- |\n| Ship | Ann |\n\n- [x] written\n- [ ] reviewed\n\n~~old plan~~ see https://example.com/plan',
    );
    expect(out).toContain('<table>');
    expect(out).toContain('<th>Step</th>');
    expect(out).toContain('<td>Ann</td>');
    const boxes = out.match(/<input[^>]*>/g) ?? [];
    expect(boxes).toHaveLength(2);
    expect(boxes.filter((box) => box.includes('checked=""'))).toHaveLength(1);
    expect(out).not.toMatch(/<input(?![^>]*disabled)/);
    expect(out).toContain('<del>old plan</del>');
    expect(out).toContain('href="https://example.com/plan"');
  });

  it('keeps raw HTML out of table cells too', () => {
    const out = html('| a |\n| - |\n| <img src=x onerror=alert(1)> <script>x</script> |');
    expect(out).not.toMatch(/<img|<script|onerror/i);
  });
});

describe('renderComment', () => {
  const ann = '0b5e2a1c-0000-4000-8000-000000000001';
  it('renders a comment as Markdown with each mention as a chip of the current name', () => {
    const { source, html: out } = renderComment(
      `**Ship it** @[${ann}] and @[${ann.replace('1', '2')}]`,
      new Map([[ann, 'Ann Lee']]),
    );
    expect(source).toBe(`**Ship it** @[${ann}] and @[${ann.replace('1', '2')}]`);
    expect(out).toContain('<strong>Ship it</strong>');
    expect(out).toContain('<span class="mention-chip">@Ann Lee</span>');
    expect(out).toContain('<span class="mention-chip">@unknown person</span>');
    expect(out).not.toContain('href="#mention');
  });

  it('keeps a name that looks like Markdown or HTML a plain name, and drops raw HTML', () => {
    const out = renderComment(
      `@[${ann}] <img src=x onerror=alert(1)>`,
      new Map([[ann, '](javascript:alert(1)) <b>x</b> *y*']]),
    ).html;
    expect(out).not.toMatch(/href="javascript|<img|<b>|onerror=/i);
    expect(out).toContain(
      '<span class="mention-chip">@](javascript:alert(1)) &lt;b&gt;x&lt;/b&gt; *y*</span>',
    );
  });
});
