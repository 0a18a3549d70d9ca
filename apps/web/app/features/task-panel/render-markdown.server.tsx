/**
 * @module features/task-panel/render-markdown.server — a description rendered to HTML on the server by the same
 * `Markdown` component (react-markdown: raw HTML dropped, unsafe link targets removed), so the panel shows it
 * without shipping the Markdown library to the browser until someone writes or previews.
 */
import { splitMentions } from '@lanes/shared/mentions';
import { renderToStaticMarkup } from 'react-dom/server';
import { Markdown, MENTION_HREF } from './markdown.tsx';

/** The source with its rendered HTML: the browser shows `html` only while its description is still `source`. */
export interface RenderedMarkdown {
  source: string;
  html: string;
}

export function renderMarkdown(source: string): RenderedMarkdown {
  return { source, html: source.trim() === '' ? '' : renderToStaticMarkup(<Markdown source={source} />) };
}

/** Characters that would make a name Markdown syntax inside a link's text. */
const MARKDOWN_PUNCTUATION = /[\\`*_{}[\]()#+\-.!<>|~]/g;

/**
 * A comment rendered like a description, each stored `@[uuid]` becoming a chip with the person's current name
 * (a link to `#mention-<uuid>` that the Markdown component draws as a chip, never as a link).
 * @example renderComment('Ping @[0b…]', new Map([['0b…', 'Ann']])).html
 */
export function renderComment(body: string, names: ReadonlyMap<string, string>): RenderedMarkdown {
  const source = splitMentions(body)
    .map((part) => {
      if ('text' in part) return part.text;
      const name = (names.get(part.userId) ?? 'unknown person').replace(
        MARKDOWN_PUNCTUATION,
        (c) => `\\${c}`,
      );
      return `[@${name}](${MENTION_HREF}${part.userId})`;
    })
    .join('');
  return { source: body, html: renderMarkdown(source).html };
}
