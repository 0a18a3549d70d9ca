/**
 * @module features/task-panel/render-markdown.server — a description rendered to HTML on the server by the same
 * `Markdown` component (react-markdown: raw HTML dropped, unsafe link targets removed), so the panel shows it
 * without shipping the Markdown library to the browser until someone writes or previews.
 */
import { renderToStaticMarkup } from 'react-dom/server';
import { Markdown } from './markdown.tsx';

/** The source with its rendered HTML: the browser shows `html` only while its description is still `source`. */
export interface RenderedMarkdown {
  source: string;
  html: string;
}

export function renderMarkdown(source: string): RenderedMarkdown {
  return { source, html: source.trim() === '' ? '' : renderToStaticMarkup(<Markdown source={source} />) };
}
