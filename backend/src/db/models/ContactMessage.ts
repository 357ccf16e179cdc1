import { DataTypes, type CreationOptional } from 'sequelize';
import { sequelize } from '../sequelize';
import { Row, autoId, required, timestamps } from './common';

export class ContactMessage extends Row<ContactMessage> {
  declare name: string;
  declare email: string;
  declare company: CreationOptional<string | null>;
  declare message: string;
  /** Set by the worker once the message has reached the admins. */
  declare deliveredAt: CreationOptional<Date | null>;
}

ContactMessage.init(
  {
    id: autoId(),
    name: required(DataTypes.STRING(200)),
    email: required(DataTypes.STRING(255)),
    company: DataTypes.STRING(200),
    message: required(DataTypes.TEXT),
    deliveredAt: DataTypes.DATE(3),
    ...timestamps(),
  },
  { sequelize, tableName: 'contact_messages' },
);
