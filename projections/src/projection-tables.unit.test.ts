import { describe, expect, it } from 'vitest';
import { allProjections } from './index';
import { SHARED_TABLES, projectionTables } from './projection-tables';
import { readModelDdl } from './schema';

const ddlTables = [...readModelDdl('x').matchAll(/CREATE TABLE x\.([a-z_]+)/g)].map((match) => match[1]!);

describe('projectionTables', () => {
  it('names every projection, and no other', () => {
    expect(Object.keys(projectionTables).sort()).toEqual(allProjections.map((p) => p.name).sort());
  });

  it('gives every table of the DDL exactly one owner, or marks it shared', () => {
    const owned = Object.values(projectionTables).flat();
    expect(new Set(owned).size).toBe(owned.length);
    expect([...owned, ...SHARED_TABLES].sort()).toEqual([...ddlTables].sort());
  });
});
