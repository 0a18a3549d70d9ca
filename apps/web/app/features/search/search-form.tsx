/**
 * @module features/search/search-form — the search box and its filters as one GET form: it works without
 * JavaScript, and every search is a URL that can be shared or opened again.
 */
import { Form } from 'react-router';
import type { SearchOption } from './search-data.server.ts';
import type { SearchParams } from './search-params.ts';

interface SearchFormProps {
  action: string;
  params: SearchParams;
  boards: SearchOption[];
  people: SearchOption[];
  labels: SearchOption[];
  error: string | null;
}

export function SearchForm({ action, params, boards, people, labels, error }: SearchFormProps) {
  return (
    // Keyed by the search, so the fields show the URL's values after a navigation from one search to another.
    <Form key={JSON.stringify(params)} method="get" action={action} className="search-form" role="search">
      <div className="search-query">
        <label htmlFor="search-q" className="visually-hidden">
          Search words
        </label>
        <input
          id="search-q"
          name="q"
          type="search"
          defaultValue={params.q}
          placeholder="Search titles, descriptions and comments"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'search-error' : undefined}
        />
        <button type="submit" className="btn btn-primary">
          Search
        </button>
      </div>
      {error ? (
        <p id="search-error" className="field-error" role="alert">
          {error}
        </p>
      ) : null}
      <fieldset className="search-filters">
        <legend className="visually-hidden">Filters</legend>
        <Choice name="board" label="Board" any="All boards" value={params.board} options={boards} />
        <Choice name="assignee" label="Assignee" any="Anyone" value={params.assignee} options={people} />
        <Choice name="label" label="Label" any="Any label" value={params.label} options={labels} />
        <Choice
          name="status"
          label="Status"
          any="Open and done"
          value={params.status}
          options={[
            { value: 'open', label: 'Open only' },
            { value: 'done', label: 'Done only' },
          ]}
        />
        <Choice
          name="archived"
          label="Archived"
          any="Leave out archived"
          value={params.archived}
          options={[
            { value: 'include', label: 'Include archived' },
            { value: 'only', label: 'Archived only' },
          ]}
        />
      </fieldset>
    </Form>
  );
}

function Choice(props: { name: string; label: string; any: string; value: string; options: SearchOption[] }) {
  const id = `search-${props.name}`;
  return (
    <div className="search-choice">
      <label htmlFor={id}>{props.label}</label>
      <select id={id} name={props.name} defaultValue={props.value}>
        <option value="">{props.any}</option>
        {props.options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </div>
  );
}
