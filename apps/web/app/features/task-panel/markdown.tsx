/**
 * @module features/task-panel/markdown — a task description rendered from Markdown, safely: react-markdown
 * builds React elements from a syntax tree (never `innerHTML`); raw HTML in the source is dropped, not
 * rendered; link targets pass through its URL filter, which keeps http(s), mailto and relative links only.
 */
import ReactMarkdown, { defaultUrlTransform } from 'react-markdown';

export function Markdown({ source }: { source: string }) {
  return (
    <div className="markdown">
      <ReactMarkdown
        skipHtml
        urlTransform={defaultUrlTransform}
        components={{
          // A link whose target the filter emptied is only its text.
          a: ({ href, children }) =>
            href ? (
              <a href={href} rel="noopener noreferrer nofollow" target="_blank">
                {children}
              </a>
            ) : (
              <span>{children}</span>
            ),
          // Images would load third-party URLs in a teammate's browser (tracking pixels): their alt text shows.
          img: ({ alt }) => <span className="markdown-image">{alt ? `[${alt}]` : '[image]'}</span>,
        }}
      >
        {source}
      </ReactMarkdown>
    </div>
  );
}
