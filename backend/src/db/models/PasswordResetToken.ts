import { DataTypes, type CreationOptional } from 'sequelize';
import { sequelize } from '../sequelize';
import { Row, autoId, required, foreignKey, timestamps } from './common';

/** A password reset link sent by email: valid for an hour, once. */
export class PasswordResetToken extends Row<PasswordResetToken> {
  declare userId: number;
  /** Hex SHA-256 of the token in the link; the token itself is never stored. */
  declare tokenHash: string;
  declare expiresAt: Date;
  /** When the link set a new password; a used link is refused. */
  declare usedAt: CreationOptional<Date | null>;
}

PasswordResetToken.init(
  {
    id: autoId(),
    userId: foreignKey(),
    tokenHash: { type: DataTypes.CHAR(64), allowNull: false, unique: 'password_reset_tokens_hash' },
    expiresAt: required(DataTypes.DATE(3)),
    usedAt: { type: DataTypes.DATE(3), allowNull: true },
    ...timestamps(),
  },
  { sequelize, tableName: 'password_reset_tokens' },
);
