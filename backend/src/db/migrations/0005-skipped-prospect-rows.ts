import { DataTypes, type QueryInterface } from 'sequelize';

const count = { type: DataTypes.INTEGER.UNSIGNED, allowNull: false, defaultValue: 0 };

/**
 * The rows a prospect file's parse left out (an invalid phone, a repeated one), kept so the owner
 * can see how many and download them, with the file's header row to label their columns.
 */
export async function up({ context: qi }: { context: QueryInterface }) {
  await qi.addColumn('prospect_lists', 'skippedInvalidPhone', count);
  await qi.addColumn('prospect_lists', 'skippedDuplicate', count);
  await qi.addColumn('prospect_lists', 'headerCells', { type: DataTypes.TEXT, allowNull: true });
  await qi.createTable('prospect_skipped_rows', {
    id: { type: DataTypes.BIGINT.UNSIGNED, autoIncrement: true, primaryKey: true },
    prospectListId: {
      type: DataTypes.INTEGER.UNSIGNED,
      allowNull: false,
      references: { model: 'prospect_lists', key: 'id' },
      onDelete: 'CASCADE',
      onUpdate: 'CASCADE',
    },
    rowIndex: { type: DataTypes.INTEGER.UNSIGNED, allowNull: false },
    reason: { type: DataTypes.STRING(16), allowNull: false },
    // A JSON array of the row's cells; a row may be up to 64 KB of text before escaping.
    cells: { type: DataTypes.TEXT('medium'), allowNull: false },
  });
  await qi.addIndex('prospect_skipped_rows', ['prospectListId', 'rowIndex'], {
    unique: true,
    name: 'prospect_skipped_rows_list_row_unique',
  });
}

export async function down({ context: qi }: { context: QueryInterface }) {
  await qi.dropTable('prospect_skipped_rows');
  await qi.removeColumn('prospect_lists', 'headerCells');
  await qi.removeColumn('prospect_lists', 'skippedDuplicate');
  await qi.removeColumn('prospect_lists', 'skippedInvalidPhone');
}
