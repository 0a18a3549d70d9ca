/**
 * @module routes/app/workspace-search — `/w/:slug/search?q=`: full-text search over the workspace's titles,
 * descriptions and comments with filters, server-rendered from the URL (no JavaScript needed); only what the
 * reader may see is found (the database searches as them), and outsiders get the layout's 404.
 */

import searchCss from '#app/features/search/search.css?inline';
import { loadSearch } from '#app/features/search/search-data.server.ts';
import { SearchForm } from '#app/features/search/search-form.tsx';
import { readSearchParams } from '#app/features/search/search-params.ts';
import { SearchResults } from '#app/features/search/search-results.tsx';
import { toRouteError } from '#app/lib/http.server.ts';
import { loadWorkspace } from '#app/lib/load-workspace.server.ts';
import { requireUser } from '#app/lib/supabase.server.ts';
import type { Route } from './+types/workspace-search.ts';

export const meta: Route.MetaFunction = ({ loaderData }) => [
  {
    title: `${loaderData?.params.q ? `${loaderData.params.q.slice(0, 60)} · ` : ''}Search · ${loaderData?.workspace.name ?? 'Workspace'} · Lanes`,
  },
];

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { client } = requireUser(request, context);
  try {
    const workspace = await loadWorkspace(client, params.slug, request.signal);
    const page = await loadSearch(client, workspace, readSearchParams(new URL(request.url)), request.signal);
    return { workspace: { slug: workspace.slug, name: workspace.name }, ...page };
  } catch (error) {
    toRouteError(error, request);
  }
}

export default function WorkspaceSearch({ loaderData }: Route.ComponentProps) {
  const { workspace, params, hits, error, boards, people, labels } = loaderData;
  return (
    <section aria-labelledby="search-title" className="search-page">
      <style href="search-css" precedence="default">
        {searchCss}
      </style>
      <h1 id="search-title">Search {workspace.name}</h1>
      <SearchForm
        action={`/w/${workspace.slug}/search`}
        params={params}
        boards={boards}
        people={people}
        labels={labels}
        error={error}
      />
      {hits ? (
        <SearchResults slug={workspace.slug} hits={hits} q={params.q} />
      ) : error ? null : (
        <p className="search-empty">Type a few words: a title, something from a description or a comment.</p>
      )}
    </section>
  );
}
