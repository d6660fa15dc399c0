import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';

/**
 * Every row of every table of the server's embedded database, as text: what a database dump
 * would show an attacker who got one. Opened after the server stopped (PGlite is one process).
 */
export async function dumpEmbeddedDatabase(dataDir: string): Promise<string> {
  const client = await PGlite.create(path.join(dataDir, 'pglite'));
  try {
    const tables = await client.query<{ name: string }>(
      "select quote_ident(table_schema) || '.' || quote_ident(table_name) as name from information_schema.tables where table_schema not in ('pg_catalog', 'information_schema') and table_type = 'BASE TABLE'",
    );
    const parts: string[] = [];
    for (const { name } of tables.rows) {
      const rows = await client.query(`select * from ${name}`);
      parts.push(`-- ${name}\n${rows.rows.map((row) => JSON.stringify(row)).join('\n')}`);
    }
    return parts.join('\n');
  } finally {
    await client.close();
  }
}
