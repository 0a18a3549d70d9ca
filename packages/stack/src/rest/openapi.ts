/**
 * @module rest/openapi — the Swagger 2.0 document PostgREST serves at its root: a definition per table
 * and view (columns with types, keys noted as PostgREST notes them) and a path per table and function.
 */
import type { Column, ForeignKey, SchemaCache, Table } from './schema/types.ts';

const MEDIA = [
  'application/json',
  'application/vnd.pgrst.object+json;nulls=stripped',
  'application/vnd.pgrst.object+json',
  'text/csv',
];

function swaggerType(type: string): string | undefined {
  if (type.endsWith('[]')) return 'array';
  if (['character varying', 'character', 'text'].includes(type) || type.startsWith('character'))
    return 'string';
  if (type === 'boolean') return 'boolean';
  if (['smallint', 'integer', 'bigint'].includes(type)) return 'integer';
  if (type.startsWith('numeric') || type === 'real' || type === 'double precision') return 'number';
  if (type === 'json' || type === 'jsonb') return undefined;
  return 'string';
}

function property(table: Table, column: Column, fks: ForeignKey[]): Record<string, unknown> {
  const notes = ['Note:'];
  if (table.pk.includes(column.name)) notes.push('This is a Primary Key.<pk/>');
  const fk = fks.find((k) => k.table === table && k.columns.length === 1 && k.columns[0] === column.name);
  if (fk) {
    const target = `${fk.ref.name}.${fk.refColumns[0]}`;
    notes.push(
      `This is a Foreign Key to \`${target}\`.<fk table='${fk.ref.name}' column='${fk.refColumns[0]}'/>`,
    );
  }
  const type = swaggerType(column.type);
  return {
    ...(notes.length > 1 ? { description: notes.join('\n') } : {}),
    format: column.type,
    ...(type ? { type } : {}),
    ...(type === 'array' ? { items: { type: swaggerType(column.type.slice(0, -2)) } } : {}),
  };
}

export function openApi(cache: SchemaCache, schema: string, host: string): Record<string, unknown> {
  const tables = [...cache.tables.values()]
    .filter((t) => t.schema === schema)
    .sort((a, b) => a.name.localeCompare(b.name));
  const definitions: Record<string, unknown> = {};
  const paths: Record<string, unknown> = {
    '/': {
      get: {
        produces: ['application/openapi+json', 'application/json'],
        responses: { 200: { description: 'OK' } },
        summary: 'OpenAPI description (this document)',
        tags: ['Introspection'],
      },
    },
  };
  for (const t of tables) {
    definitions[t.name] = {
      required: [...t.columns.values()].filter((c) => c.notNull).map((c) => c.name),
      properties: Object.fromEntries(
        [...t.columns.values()].map((c) => [c.name, property(t, c, cache.foreignKeys)]),
      ),
      type: 'object',
    };
    const ok = {
      200: { description: 'OK', schema: { items: { $ref: `#/definitions/${t.name}` }, type: 'array' } },
    };
    const verbs: Record<string, unknown> = { get: { tags: [t.name], responses: ok } };
    if (t.kind === 'table') {
      verbs.post = { tags: [t.name], responses: { 201: { description: 'Created' } } };
      verbs.patch = { tags: [t.name], responses: { 204: { description: 'No Content' } } };
      verbs.delete = { tags: [t.name], responses: { 204: { description: 'No Content' } } };
    }
    paths[`/${t.name}`] = verbs;
  }
  const fns = [...cache.functions.values()]
    .flat()
    .filter((f) => f.schema === schema)
    .sort((a, b) => a.name.localeCompare(b.name));
  for (const f of fns) {
    const call = { tags: [`(rpc) ${f.name}`], responses: { 200: { description: 'OK' } } };
    paths[`/rpc/${f.name}`] = f.volatility === 'v' ? { post: call } : { get: call, post: call };
  }
  return {
    swagger: '2.0',
    info: { description: '', title: 'standard public schema', version: '13.0.5' },
    host,
    basePath: '/',
    schemes: ['http'],
    consumes: MEDIA,
    produces: MEDIA,
    paths,
    definitions,
  };
}
