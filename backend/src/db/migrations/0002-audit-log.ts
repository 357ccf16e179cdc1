import { DataTypes, type QueryInterface } from 'sequelize';

/** Every admin change: who did what to which record, when, with the values before and after. */
export async function up({ context: qi }: { context: QueryInterface }) {
  await qi.createTable('audit_logs', {
    id: { type: DataTypes.BIGINT.UNSIGNED, autoIncrement: true, primaryKey: true },
    actorUserId: {
      type: DataTypes.INTEGER.UNSIGNED,
      allowNull: true,
      references: { model: 'users', key: 'id' },
      onDelete: 'SET NULL',
      onUpdate: 'CASCADE',
    },
    actorEmail: { type: DataTypes.STRING(255), allowNull: false },
    action: { type: DataTypes.STRING(64), allowNull: false },
    entityType: { type: DataTypes.STRING(32), allowNull: false },
    entityId: { type: DataTypes.STRING(64), allowNull: false },
    before: { type: DataTypes.JSON, allowNull: true },
    after: { type: DataTypes.JSON, allowNull: true },
    createdAt: { type: DataTypes.DATE, allowNull: false },
  });
  await qi.addIndex('audit_logs', ['entityType', 'entityId', 'createdAt']);
  await qi.addIndex('audit_logs', ['actorUserId', 'createdAt']);
}

export async function down({ context: qi }: { context: QueryInterface }) {
  await qi.dropTable('audit_logs');
}
