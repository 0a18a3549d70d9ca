/**
 * @module features/search/search-results — the hits, best first: the title and an excerpt with the matching
 * words in `<mark>`, where they were found, and the card's board, number and state. Each opens its card.
 */

import type { SearchHit } from '@lanes/shared/schemas/search';
import { Link } from 'react-router';
import { splitMarks } from './highlights.ts';

const PLACES = { title: 'title', description: 'description', comment: 'a comment' } as const;

export function SearchResults({ slug, hits, q }: { slug: string; hits: SearchHit[]; q: string }) {
  if (hits.length === 0) {
    return (
      <div className="search-empty" role="status">
        <p>
          Nothing found for <strong>{q}</strong>.
        </p>
        <p>Try fewer or shorter words, or include archived cards.</p>
      </div>
    );
  }
  return (
    <>
      <p className="search-count" role="status">
        {hits.length === 1 ? '1 card' : `${hits.length} cards`} found
        {hits.length >= 50 ? ' (the best 50)' : ''}
      </p>
      <ol className="search-results">
        {hits.map((hit) => (
          <li key={hit.task_id} className="search-result">
            <Link
              className="search-result-title"
              to={
                hit.is_archived
                  ? `/w/${slug}/b/${hit.board_id}/archived`
                  : `/w/${slug}/b/${hit.board_id}/t/${hit.task_id}`
              }
            >
              <Marked text={hit.title_marked} />
            </Link>
            <p className="search-result-meta">
              <span>#{hit.task_number}</span> · <span>{hit.board_name}</span>
              {hit.is_completed ? <span className="search-badge">Done</span> : null}
              {hit.is_archived ? <span className="search-badge">Archived</span> : null}
              <span className="search-where">
                {' '}
                · found in {hit.matched_in.map((place) => PLACES[place]).join(', ')}
              </span>
            </p>
            {hit.snippet ? (
              <p className="search-snippet">
                <Marked text={hit.snippet} />
              </p>
            ) : null}
          </li>
        ))}
      </ol>
    </>
  );
}

function Marked({ text }: { text: string }) {
  return (
    <>
      {splitMarks(text).map((part, i) =>
        part.marked ? (
          <mark key={i} className="search-mark">
            {part.text}
          </mark>
        ) : (
          part.text
        ),
      )}
    </>
  );
}
