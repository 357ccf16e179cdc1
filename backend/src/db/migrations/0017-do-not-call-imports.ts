import { DataTypes, type QueryInterface } from 'sequelize';

// A function: Sequelize writes into an attribute's definition, so columns must not share one.
const count = () => ({ type: DataTypes.INTEGER.UNSIGNED, allowNull: false, defaultValue: 0 });

/**
 * A do-not-call upload too large for the request: its file, its progress and its counts, which the
 * worker's batches move forward together, so a retried job resumes where the last batch stopped.
 */
export async function up({ context: qi }: { context: QueryInterface }) {
  await qi.createTable('do_not_call_imports', {
    id: { type: DataTypes.INTEGER.UNSIGNED, autoIncrement: true, primaryKey: true },
    // NULL: an upload to the platform's list.
    userId: {
      type: DataTypes.INTEGER.UNSIGNED,
      allowNull: true,
      references: { model: 'users', key: 'id' },
      onDelete: 'CASCADE',
      onUpdate: 'CASCADE',
    },
    // userId, or 0 for the platform's list, as in do_not_call_numbers.
    scope: { type: DataTypes.INTEGER.UNSIGNED, allowNull: false },
    // Who uploaded (the admin, for the platform's list): the numbers' createdByUserId, the audit's actor.
    createdByUserId: { type: DataTypes.INTEGER.UNSIGNED, allowNull: false },
    status: { type: DataTypes.STRING(16), allowNull: false, defaultValue: 'queued' },
    fileName: { type: DataTypes.STRING(255), allowNull: false },
    storedFileName: { type: DataTypes.STRING(255), allowNull: false },
    linesRead: count(),
    processed: count(),
    added: count(),
    alreadyPresent: count(),
    invalid: count(),
    errorMessage: { type: DataTypes.STRING(500), allowNull: true },
    createdAt: { type: DataTypes.DATE(3), allowNull: false },
    updatedAt: { type: DataTypes.DATE(3), allowNull: false },
  });
  await qi.addIndex('do_not_call_imports', ['scope', 'createdAt'], { name: 'do_not_call_imports_scope' });
}

export async function down({ context: qi }: { context: QueryInterface }) {
  await qi.dropTable('do_not_call_imports');
}
