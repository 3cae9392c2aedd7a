import { randomBytes } from 'node:crypto';
import pg from 'pg';

/**
 * A new, empty database on a PostgreSQL server, for a test file or a benchmark run: `adminUrl` names a server
 * and a user who may `create database`. `drop()` removes it again, forcing its connections closed.
 */
export async function createServerDatabase(adminUrl: string, prefix: string): Promise<{ name: string; url: string; drop(): Promise<void> }> {
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  await adminQuery(adminUrl, `create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return { name, url: url.toString(), drop: () => adminQuery(adminUrl, `drop database if exists ${name} with (force)`) };
}

async function adminQuery(adminUrl: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}
