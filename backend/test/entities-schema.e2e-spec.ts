import { withMigratedDatabase } from './support/test-database';

/**
 * The entities are written with shared column helpers and base classes (database/columns.ts, posts/post-ref.ts,
 * auth/entities/user-grant.ts) while the tables come from hand-written migrations: this checks that both still
 * describe the same schema. Defaults are left out: each engine spells them its own way ('0' or false, NOW() or datetime()).
 */
describe('entities and migrations', () => {
  it('every entity has the columns, keys and foreign keys of the table its migrations build, and no more', async () => {
    await withMigratedDatabase('entities', async (ds) => {
      const qr = ds.createQueryRunner();
      // SQLite reports an int column as integer (its type affinity); the other types read back as declared.
      const typeOf = (type: string) => (type === 'integer' ? 'int' : type);
      const problems: string[] = [];
      for (const entity of ds.entityMetadatas) {
        const table = await qr.getTable(entity.tablePath);
        if (!table) {
          problems.push(`${entity.tableName}: no such table`);
          continue;
        }
        for (const column of entity.columns) {
          const where = `${entity.tableName}.${column.databaseName}`;
          const built = table.findColumnByName(column.databaseName);
          if (!built) {
            problems.push(`${where}: not in the table`);
            continue;
          }
          const declared = { type: typeOf(ds.driver.normalizeType(column)), length: column.length || '', nullable: column.isNullable, primary: column.isPrimary, generated: column.isGenerated };
          const found = { type: typeOf(built.type), length: column.length ? built.length : '', nullable: built.isNullable, primary: built.isPrimary, generated: built.isGenerated };
          if (JSON.stringify(found) !== JSON.stringify(declared)) problems.push(`${where}: entity ${JSON.stringify(declared)}, table ${JSON.stringify(found)}`);
        }
        for (const column of table.columns) {
          if (!entity.columns.some((c) => c.databaseName === column.name)) problems.push(`${entity.tableName}.${column.name}: not in the entity`);
        }
        for (const key of entity.foreignKeys) {
          const built = table.foreignKeys.find((k) => k.columnNames.join() === key.columnNames.join() && k.referencedTableName === key.referencedTablePath);
          const where = `${entity.tableName}(${key.columnNames.join()}) -> ${key.referencedTablePath}`;
          if (!built) problems.push(`${where}: no such foreign key`);
          else if (built.onDelete !== key.onDelete) problems.push(`${where}: ON DELETE ${built.onDelete} in the table, ${key.onDelete} in the entity`);
        }
      }
      await qr.release();
      expect(problems).toEqual([]);
    });
  });
});
