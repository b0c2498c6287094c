import { z } from 'zod';
import type { RouteContract } from './route';

/**
 * The API reference (docs/api.md) written from the route contracts themselves, so the document cannot drift from
 * what the server registers and the client calls (a test compares the two; `npm run docs:api` rewrites it).
 */

const ContractShape = z.object({ method: z.string(), path: z.string(), summary: z.string(), response: z.instanceof(z.ZodType) });
const isContract = (value: unknown): value is RouteContract => ContractShape.safeParse(value).success;

/** Every route contract among a module's exports (the `…Api` objects), in path order. */
export function collectContracts(exports: Record<string, unknown>): RouteContract[] {
  const found = new Map<string, RouteContract>();
  for (const value of Object.values(exports)) {
    if (typeof value !== 'object' || value === null) continue;
    for (const member of Object.values(value)) {
      if (isContract(member)) found.set(`${member.method} ${member.path}`, member);
    }
  }
  const order = ['GET', 'POST', 'PUT', 'DELETE'];
  return [...found.values()].sort((a, b) => a.path.localeCompare(b.path) || order.indexOf(a.method) - order.indexOf(b.method));
}

/**
 * The top-level fields of an object schema (through defaults, effects, optionals and nullables), each with whether
 * it may be left out; null when the schema is not an object. The reference lists them; the hostile-input sweep
 * (backend/src/http/every-route-hostile.int.test.ts) sends each one wrong.
 */
export function objectFields(schema: z.ZodTypeAny | undefined): Array<{ name: string; optional: boolean }> | null {
  if (!schema) return [];
  if (schema instanceof z.ZodEffects) return objectFields(schema.innerType());
  if (schema instanceof z.ZodDefault || schema instanceof z.ZodOptional || schema instanceof z.ZodNullable) return objectFields(schema._def.innerType);
  if (!(schema instanceof z.ZodObject)) return null;
  return Object.entries<z.ZodTypeAny>(schema.shape).map(([name, field]) => ({ name, optional: field.isOptional() }));
}

/** The fields as the reference shows them: `?` marks an optional one; a body that is no object is 'JSON'. */
const fieldsOf = (schema: z.ZodTypeAny | undefined): string =>
  objectFields(schema)
    ?.map((field) => (field.optional ? `${field.name}?` : field.name))
    .join(', ') ?? 'JSON';

const cell = (text: string) => text.replace(/\|/g, '\\|') || '–';

export function apiReference(contracts: RouteContract[]): string {
  const rows = contracts.map(
    (contract) =>
      `| ${contract.method} | \`${contract.path}\` | ${cell(contract.summary)} | ${cell(fieldsOf(contract.query))} | ${cell(fieldsOf(contract.body))} | ${contract.status ?? 200} |`,
  );
  return [
    '# API reference',
    '',
    '<!-- Written by `npm run docs:api` from the route contracts in contracts/src (contracts/src/http/route.ts); a test',
    'fails when this file and the contracts differ. Do not edit by hand. -->',
    '',
    'Every call of the API, one row per route contract. The contract is the one definition of a call: the server',
    'registers its handler from it and validates with it (backend/src/http/contract-routes.ts), the client calls it',
    "through it (frontend/src/api/call.ts) and parses each answer with the contract's response schema; under the",
    'tests the server checks every answer against it too, and an app with an API route not made from a contract',
    "refuses to start. The client's forms check a body with the same schema before sending it",
    "(frontend/src/lib/form-validation.ts), and a 400 names each field by the form's label (the contract's",
    '`labels`). Errors answer `{ "error": "…" }` in Swedish (docs/http.md). A field marked `?` may be left out.',
    '',
    'Edits of a year, video, article, forum post, entry, artist or source take `If-Match` with the `ETag` their GET',
    'answered (the stream revision); a stale one is a 412 and nothing is written (docs/event-sourcing.md, "Edits',
    'across requests"). Without `If-Match` an edit goes through as before.',
    '',
    '| method | path | what | query | body | success |',
    '|---|---|---|---|---|---|',
    ...rows,
    '',
  ].join('\n');
}
