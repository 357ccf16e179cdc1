import { DataTypes, type CreationOptional } from 'sequelize';
import { sequelize } from '../sequelize';
import { Row, autoId, required, flag, timestamps } from './common';

export class User extends Row<User> {
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
  /** When the password last changed; sessions signed in before it have ended. */
  declare passwordChangedAt: CreationOptional<Date | null>;
}

User.init(
  {
    id: autoId(),
    firstName: required(DataTypes.STRING(100)),
    lastName: required(DataTypes.STRING(100), ''),
    email: { type: DataTypes.STRING(255), allowNull: false, unique: 'users_email_unique' },
    passwordHash: required(DataTypes.STRING(255)),
    profileImageUrl: DataTypes.STRING(1024),
    companyName: DataTypes.STRING(200),
    phoneNumber: DataTypes.STRING(40),
    twilioAccountSid: DataTypes.STRING(64),
    twilioAuthTokenEncrypted: DataTypes.TEXT,
    twilioPhoneNumber: DataTypes.STRING(20),
    stripeCustomerId: DataTypes.STRING(64),
    isAdmin: flag(),
    passwordChangedAt: { type: DataTypes.DATE(3), allowNull: true },
    ...timestamps(),
  },
  { sequelize, tableName: 'users' },
);
