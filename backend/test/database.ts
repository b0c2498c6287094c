import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';

/** A fresh, empty database on the test server; dropped by the returned cleanup. */
export async function createTestDatabase(): Promise<{ uri: string; drop: () => Promise<void> }> {
  const adminUri = inject('adminDatabaseUri');
  const name = `t_${randomUUID().replaceAll('-', '').slice(0, 16)}`;
  const admin = new pg.Client({ connectionString: adminUri });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const uri = adminUri.replace(/\/postgres$/, `/${name}`);
  return {
    uri,
    drop: async () => {
      const client = new pg.Client({ connectionString: adminUri });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}
