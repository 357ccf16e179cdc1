import {
  DataTypes,
  Model,
  type CreationOptional,
  type InferAttributes,
  type InferCreationAttributes,
} from 'sequelize';
import { sequelize } from '../sequelize';

export class User extends Model<InferAttributes<User>, InferCreationAttributes<User>> {
  declare id: CreationOptional<number>;
  declare firstName: string;
  declare lastName: string;
  declare email: string;
  declare passwordHash: string;
  declare profileImageUrl: CreationOptional<string | null>;
  declare companyName: CreationOptional<string | null>;
  declare phoneNumber: CreationOptional<string | null>;
  declare twilioAccountSid: CreationOptional<string | null>;
  /** AES-256-GCM ciphertext (see lib/secretBox); never leaves the server. */
  declare twilioAuthTokenEncrypted: CreationOptional<string | null>;
  declare twilioPhoneNumber: CreationOptional<string | null>;
  declare stripeCustomerId: CreationOptional<string | null>;
  declare isAdmin: CreationOptional<boolean>;
  declare createdAt: CreationOptional<Date>;
  declare updatedAt: CreationOptional<Date>;
}

User.init(
  {
    id: { type: DataTypes.INTEGER.UNSIGNED, autoIncrement: true, primaryKey: true },
    firstName: { type: DataTypes.STRING(100), allowNull: false },
    lastName: { type: DataTypes.STRING(100), allowNull: false, defaultValue: '' },
    email: { type: DataTypes.STRING(255), allowNull: false, unique: 'users_email_unique' },
    passwordHash: { type: DataTypes.STRING(255), allowNull: false },
    profileImageUrl: DataTypes.STRING(1024),
    companyName: DataTypes.STRING(200),
    phoneNumber: DataTypes.STRING(40),
    twilioAccountSid: DataTypes.STRING(64),
    twilioAuthTokenEncrypted: DataTypes.TEXT,
    twilioPhoneNumber: DataTypes.STRING(20),
    stripeCustomerId: DataTypes.STRING(64),
    isAdmin: { type: DataTypes.BOOLEAN, allowNull: false, defaultValue: false },
    createdAt: DataTypes.DATE(3),
    updatedAt: DataTypes.DATE(3),
  },
  { sequelize, tableName: 'users' },
);
