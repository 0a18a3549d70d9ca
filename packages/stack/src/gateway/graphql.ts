/**
 * @module gateway/graphql — `/graphql/v1` as the CLI's `kong.yml` routes it: to REST's `rpc/graphql`, with
 * `Content-Profile: graphql_public` added when the client sent none (Kong's request-transformer `add`).
 * pg_graphql is not in the stack, so the answer is whatever `graphql_public.graphql` returns — the
 * bootstrap's stand-in says pg_graphql is unavailable; without the function REST answers its 404.
 */
import type { Service } from '../context.ts';

export function graphqlOverRest(rest: Service): Service {
  return {
    fetch(request, ctx) {
      // Kong strips `/graphql/v1` and puts the rest of the path after the upstream's `/rpc/graphql`.
      const path = `/rpc/graphql${ctx.path === '/' ? '' : ctx.path}`;
      const url = new URL(ctx.url);
      url.pathname = `/rest/v1${path}`;
      const headers = new Headers(request.headers);
      if (!headers.has('content-profile')) headers.set('content-profile', 'graphql_public');
      return rest.fetch(
        new Request(url, {
          method: request.method,
          headers,
          body: request.body,
          duplex: 'half',
        } as RequestInit),
        {
          ...ctx,
          path,
          url,
        },
      );
    },
  };
}
