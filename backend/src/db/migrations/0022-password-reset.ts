import { DataTypes, type QueryInterface } from 'sequelize';

/**
 * Password reset by email.
 *
 * - `password_reset_tokens`: one row per link sent. Only the token's SHA-256 is kept, so a copy of
 *   the database opens no account; a token works until `expiresAt` (an hour) and once (`usedAt`).
 * - `users.passwordChangedAt`: when the password last changed. A session signed in before it has
 *   ended, wherever it lives, so a reset signs every other browser and socket out.
 */
export async function up({ context: qi }: { context: QueryInterface }) {
  await qi.createTable('password_reset_tokens', {
    id: { type: DataTypes.INTEGER.UNSIGNED, autoIncrement: true, primaryKey: true },
    userId: {
      type: DataTypes.INTEGER.UNSIGNED,
      allowNull: false,
      references: { model: 'users', key: 'id' },
      onDelete: 'CASCADE',
      onUpdate: 'CASCADE',
    },
    tokenHash: { type: DataTypes.CHAR(64), allowNull: false },
    expiresAt: { type: DataTypes.DATE(3), allowNull: false },
    usedAt: { type: DataTypes.DATE(3), allowNull: true },
    createdAt: { type: DataTypes.DATE(3), allowNull: false },
    updatedAt: { type: DataTypes.DATE(3), allowNull: false },
  });
  await qi.addIndex('password_reset_tokens', ['tokenHash'], {
    unique: true,
    name: 'password_reset_tokens_hash',
  });
  await qi.addColumn('users', 'passwordChangedAt', { type: DataTypes.DATE(3), allowNull: true });
}

export async function down({ context: qi }: { context: QueryInterface }) {
  await qi.removeColumn('users', 'passwordChangedAt');
  await qi.dropTable('password_reset_tokens');
}
