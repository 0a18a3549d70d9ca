/**
 * @module features/task-panel/markdown — a task description rendered from GitHub-flavoured Markdown (tables, task
 * lists, strikethrough, autolinks through remark-gfm), safely: react-markdown builds React elements from a
 * syntax tree (never `innerHTML`); raw HTML in the source is dropped, not rendered; link targets pass through
 * its URL filter, which keeps http(s), mailto and relative links only. Task-list boxes are read-only.
 */
import ReactMarkdown, { defaultUrlTransform } from 'react-markdown';
import remarkGfm from 'remark-gfm';

const plugins = [remarkGfm];

/** A mention inside a rendered comment is a link to this fragment plus the user's id; it is drawn as a chip. */
export const MENTION_HREF = '#mention-';

export function Markdown({ source }: { source: string }) {
  return (
    <div className="markdown">
      <ReactMarkdown
        remarkPlugins={plugins}
        skipHtml
        urlTransform={defaultUrlTransform}
        components={{
          // A link whose target the filter emptied is only its text.
          a: ({ href, children }) =>
            href?.startsWith(MENTION_HREF) ? (
              <span className="mention-chip">{children}</span>
            ) : href ? (
              <a href={href} rel="noopener noreferrer nofollow" target="_blank">
                {children}
              </a>
            ) : (
              <span>{children}</span>
            ),
          // Images would load third-party URLs in a teammate's browser (tracking pixels): their alt text shows.
          img: ({ alt }) => <span className="markdown-image">{alt ? `[${alt}]` : '[image]'}</span>,
          // A task list's box shows its state; ticking it would need a write the description does not have.
          input: ({ type, checked }) =>
            type === 'checkbox' ? (
              <input
                type="checkbox"
                checked={checked ?? false}
                disabled
                readOnly
                aria-label={checked ? 'Done' : 'Not done'}
              />
            ) : null,
          // Wide tables scroll inside the panel instead of widening it.
          table: ({ children }) => (
            <div className="markdown-table">
              <table>{children}</table>
            </div>
          ),
        }}
      >
        {source}
      </ReactMarkdown>
    </div>
  );
}
